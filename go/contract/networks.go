package contract

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Network is a network of docs/overview.md, by name ("polygon"); the constants are generated (networks.gen.go).
type Network string

// Service names one of the five services ("marketplace").
type Service string

// URLShape is how a service's address selects the network.
type URLShape int

const (
	// NetworkPathSegment: the network is a path segment (Marketplace: https://host/{network}/).
	NetworkPathSegment URLShape = iota
	// NetworkHostPrefix: the network prefixes the host (Relayer, Indexer: https://{network}-relayer.host).
	NetworkHostPrefix
	// Fixed: one address for every network (Metadata, Builder).
	Fixed
)

type networkEntry struct {
	network Network
	chainID uint64
}

type routeEntry struct {
	service    Service
	shape      URLShape
	defaultURL string
}

// ErrUnknownNetwork is the error of a network name outside the table.
var ErrUnknownNetwork = errors.New("unknown network")

// ErrInvalidServiceURL is the error of an address template that cannot select the network as its service needs.
var ErrInvalidServiceURL = errors.New("invalid service URL")

// Networks lists every network, in the order of schema/networks.json.
func Networks() []Network {
	networks := make([]Network, len(networkTable))
	for i, entry := range networkTable {
		networks[i] = entry.network
	}
	return networks
}

// ParseNetwork returns the network named name, or an error wrapping ErrUnknownNetwork.
func ParseNetwork(name string) (Network, error) {
	for _, entry := range networkTable {
		if string(entry.network) == name {
			return entry.network, nil
		}
	}
	return "", fmt.Errorf("%w %q: expected one of Networks()", ErrUnknownNetwork, name)
}

// ChainID returns the numeric chain id of a network; Metadata takes it as text (ChainIDText).
func (n Network) ChainID() (uint64, bool) {
	for _, entry := range networkTable {
		if entry.network == n {
			return entry.chainID, true
		}
	}
	return 0, false
}

// ChainIDText is the chain id as the decimal text Metadata's chainId argument takes ("137" for polygon).
func (n Network) ChainIDText() string {
	id, _ := n.ChainID()
	return strconv.FormatUint(id, 10)
}

// Services lists the five services.
func Services() []Service {
	services := make([]Service, len(routeTable))
	for i, entry := range routeTable {
		services[i] = entry.service
	}
	return services
}

func routeOf(service Service) (routeEntry, bool) {
	for _, entry := range routeTable {
		if entry.service == service {
			return entry, true
		}
	}
	return routeEntry{}, false
}

// Shape returns how the service's address selects the network.
func (s Service) Shape() URLShape {
	route, _ := routeOf(s)
	return route.shape
}

// DefaultURL returns the service's default address template; {network} stands for the network.
func (s Service) DefaultURL() string {
	route, _ := routeOf(s)
	return route.defaultURL
}

// ServiceURL returns the address of service on network: template (the service's default when empty) with
// {network} filled in. A network-scoped service needs {network} in the template, a fixed one must not have it.
func ServiceURL(service Service, network Network, template string) (string, error) {
	route, ok := routeOf(service)
	if !ok {
		return "", fmt.Errorf("unknown service %q: expected one of Services()", service)
	}
	if template == "" {
		template = route.defaultURL
	}
	hasNetwork := strings.Contains(template, "{network}")
	if hasNetwork == (route.shape == Fixed) {
		problem := "must contain {network}"
		if hasNetwork {
			problem = "this service has no {network}"
		}
		return "", fmt.Errorf("%w: URLs[%s] = %q: %s", ErrInvalidServiceURL, service, template, problem)
	}
	if !hasNetwork {
		return template, nil
	}
	if _, err := ParseNetwork(string(network)); err != nil {
		return "", err
	}
	return strings.ReplaceAll(template, "{network}", string(network)), nil
}

// LocalURLs returns the address templates of one server that serves all five services under one origin, as
// the local contract server does: the network is a path segment where it is one on the public hosts, and a
// <network>-<service> path prefix where they prefix the host with it.
func LocalURLs(baseURL string) map[Service]string {
	base := strings.TrimRight(baseURL, "/")
	urls := make(map[Service]string, len(routeTable))
	for _, route := range routeTable {
		switch route.shape {
		case Fixed:
			urls[route.service] = base
		case NetworkPathSegment:
			urls[route.service] = base + "/{network}/"
		case NetworkHostPrefix:
			urls[route.service] = base + "/{network}-" + string(route.service)
		}
	}
	return urls
}
