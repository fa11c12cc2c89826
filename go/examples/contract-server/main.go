// A server of the five services made from the generated server interfaces, answering every operation from the
// package's sample data: each operation's request example and the local contract server's answer to it, as the
// OpenAPI documents carry them (gen/openapi/3.1). Requests are checked as the API contract requires before a
// method runs: the network of the address, the keys (the contract package's table of which call needs the
// secret key), the body size and the request's JSON Schema (gen/schemas). Copy it as the start of your own.
//
//	go run ./contract-server -contract <the web3-market-contract package folder> -listen 127.0.0.1:8080
//
// Its first output line is {"url","accessKey","secretKey","projectId"}, as the local contract server's.
package main

import (
	"encoding/json"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
)

func main() {
	contractDir := flag.String("contract", ".", "folder of the web3-market-contract package (holds gen/openapi and gen/schemas)")
	listen := flag.String("listen", "127.0.0.1:8080", "address to listen on")
	accessKey := flag.String("access-key", "go-example-access-key", "the project's access key")
	secretKey := flag.String("secret-key", "go-example-secret-key", "the project's secret key (BEARER)")
	flag.Parse()

	samples, err := loadSamples(*contractDir)
	if err != nil {
		log.Fatal(err)
	}
	schemas, err := loadRequestSchemas(*contractDir)
	if err != nil {
		log.Fatal(err)
	}
	keys := projectKeys{accessKey: *accessKey, secretKey: *secretKey, projectID: 1}
	listener, err := net.Listen("tcp", *listen)
	if err != nil {
		log.Fatal(err)
	}
	url := "http://" + listener.Addr().String()
	credentials := map[string]any{"url": url, "accessKey": keys.accessKey, "secretKey": keys.secretKey, "projectId": keys.projectID}
	if err := json.NewEncoder(os.Stdout).Encode(credentials); err != nil {
		log.Fatal(err)
	}
	handler := checked(routes(newServices(samples, keys.projectID)), keys, schemas)
	log.Fatal(http.Serve(listener, handler))
}
