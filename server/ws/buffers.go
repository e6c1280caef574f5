package ws

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
)

// bufferSize is of a connection's buffers: its frames are mostly small;
// net/http's 4 KiB each would be a fifth of what a connection at rest costs.
const bufferSize = 512

// smallBuffers hands the WebSocket the hijacked connection with buffers
// of bufferSize, with what the client sent after its request; should that
// not fit, net/http's stay.
type smallBuffers struct {
	http.ResponseWriter
	send int
}

func (w *smallBuffers) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *smallBuffers) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := http.NewResponseController(w.ResponseWriter).Hijack()
	if err != nil {
		return c, brw, err
	}
	if tc, ok := c.(*net.TCPConn); ok && w.send > 0 {
		tc.SetWriteBuffer(w.send)
	}
	n := brw.Reader.Buffered()
	if n > bufferSize || brw.Writer.Buffered() > 0 {
		return c, brw, nil
	}
	pending, _ := brw.Reader.Peek(n)
	br := bufio.NewReaderSize(io.MultiReader(bytes.NewReader(bytes.Clone(pending)), c), bufferSize)
	if _, err := br.Peek(n); err != nil {
		return c, brw, nil
	}
	return c, bufio.NewReadWriter(br, bufio.NewWriterSize(c, bufferSize)), nil
}
