package contract

import (
	"net/http"
	"strings"
)

// KeyKind is the key a method needs (docs/auth.md).
type KeyKind int

const (
	// AccessKey: the public project access key, sent as X-Access-Key.
	AccessKey KeyKind = iota
	// SecretKey: the access key and the secret key, sent as Authorization: BEARER <secret key>.
	SecretKey
)

type methodKey struct {
	path string
	kind KeyKind
}

// KeyOf returns the key the method at path needs (path ends in /rpc/<Service>/<Method>).
func KeyOf(path string) (KeyKind, bool) {
	for _, entry := range methodKeys {
		if strings.HasSuffix(path, entry.path) {
			return entry.kind, true
		}
	}
	return AccessKey, false
}

// keysTransport adds X-Access-Key to every call and Authorization: BEARER only to the calls whose method needs
// the secret key, so the secret never reaches a service that does not take it.
type keysTransport struct {
	base      http.RoundTripper
	accessKey string
	secretKey string
}

func (t *keysTransport) RoundTrip(request *http.Request) (*http.Response, error) {
	// A RoundTripper must not change the request it was given.
	request = request.Clone(request.Context())
	request.Header.Set("X-Access-Key", t.accessKey)
	request.Header.Del("Authorization")
	if kind, _ := KeyOf(request.URL.Path); kind == SecretKey && t.secretKey != "" {
		request.Header.Set("Authorization", "BEARER "+t.secretKey)
	}
	return t.base.RoundTrip(request)
}
