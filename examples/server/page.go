package main

import (
	"log"
	"net/http"
)

// pageHandler serves the page's site from a folder; "" serves none.
func pageHandler(site string, logger *log.Logger) (http.Handler, error) {
	if site == "" {
		return nil, nil
	}
	return http.FileServer(http.Dir(site)), nil
}
