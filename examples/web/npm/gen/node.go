package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// node is a JSON value that keeps the order of an object's keys, so that
// the declarations follow the schema's order.
type node struct {
	kind  byte // 'o' object, 'a' array, 's' string, 'n' number, 'b' boolean, 'z' null
	keys  []string
	vals  map[string]*node
	items []*node
	str   string
	num   json.Number
	bool  bool
}

// parse reads one JSON value.
func parse(data []byte) (*node, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	n, err := parseValue(d)
	if err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return n, nil
}

func parseValue(d *json.Decoder) (*node, error) {
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			n := &node{kind: 'o', vals: map[string]*node{}}
			for d.More() {
				k, err := d.Token()
				if err != nil {
					return nil, err
				}
				v, err := parseValue(d)
				if err != nil {
					return nil, err
				}
				key := k.(string)
				if _, dup := n.vals[key]; dup {
					return nil, fmt.Errorf("key %q twice", key)
				}
				n.set(key, v)
			}
			_, err := d.Token() // '}'
			return n, err
		case '[':
			n := &node{kind: 'a'}
			for d.More() {
				v, err := parseValue(d)
				if err != nil {
					return nil, err
				}
				n.items = append(n.items, v)
			}
			_, err := d.Token() // ']'
			return n, err
		}
	case string:
		return &node{kind: 's', str: t}, nil
	case json.Number:
		return &node{kind: 'n', num: t}, nil
	case bool:
		return &node{kind: 'b', bool: t}, nil
	case nil:
		return &node{kind: 'z'}, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// get returns the value of key k of an object; nil for none (or a
// value that is no object).
func (n *node) get(k string) *node {
	if n == nil || n.kind != 'o' {
		return nil
	}
	return n.vals[k]
}

// has reports whether an object has key k.
func (n *node) has(k string) bool { return n.get(k) != nil }

// set sets key k of an object, after its keys if it is new.
func (n *node) set(k string, v *node) {
	if _, ok := n.vals[k]; !ok {
		n.keys = append(n.keys, k)
	}
	n.vals[k] = v
}

// strings returns the strings of an array ("required", "enum" of
// strings); nil for a value that is none.
func (n *node) strings() []string {
	if n == nil || n.kind != 'a' {
		return nil
	}
	var out []string
	for _, it := range n.items {
		if it.kind == 's' {
			out = append(out, it.str)
		}
	}
	return out
}

// text returns the string of a string value, "" for any other.
func (n *node) text() string {
	if n == nil || n.kind != 's' {
		return ""
	}
	return n.str
}

// clone returns a deep copy of n.
func (n *node) clone() *node {
	if n == nil {
		return nil
	}
	c := *n
	c.keys = append([]string(nil), n.keys...)
	if n.vals != nil {
		c.vals = make(map[string]*node, len(n.vals))
		for k, v := range n.vals {
			c.vals[k] = v.clone()
		}
	}
	c.items = nil
	for _, it := range n.items {
		c.items = append(c.items, it.clone())
	}
	return &c
}

// MarshalJSON writes n with its keys in their order.
func (n *node) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	n.write(&b)
	return b.Bytes(), nil
}

func (n *node) write(b *bytes.Buffer) {
	switch n.kind {
	case 'o':
		b.WriteByte('{')
		for i, k := range n.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k))
			b.WriteByte(':')
			n.vals[k].write(b)
		}
		b.WriteByte('}')
	case 'a':
		b.WriteByte('[')
		for i, it := range n.items {
			if i > 0 {
				b.WriteByte(',')
			}
			it.write(b)
		}
		b.WriteByte(']')
	case 's':
		q, _ := json.Marshal(n.str)
		b.Write(q)
	case 'n':
		b.WriteString(n.num.String())
	case 'b':
		b.WriteString(strconv.FormatBool(n.bool))
	default:
		b.WriteString("null")
	}
}

// equal reports whether a and b are the same JSON value, keys in any order.
func equal(a, b *node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case 'o':
		if len(a.keys) != len(b.keys) {
			return false
		}
		for k, v := range a.vals {
			if !equal(v, b.vals[k]) {
				return false
			}
		}
		return true
	case 'a':
		if len(a.items) != len(b.items) {
			return false
		}
		for i := range a.items {
			if !equal(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	case 's':
		return a.str == b.str
	case 'n':
		return a.num == b.num
	case 'b':
		return a.bool == b.bool
	}
	return true
}
