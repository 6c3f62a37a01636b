//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"syscall/js"

	"github.com/cotuong-ai/cotuong/frontends/web/webstore"
)

// catch turns a JavaScript exception thrown by a call into *err.
func catch(err *error) {
	if r := recover(); r != nil {
		if jerr, ok := r.(js.Error); ok {
			*err = errors.New(jerr.Value.Call("toString").String())
			return
		}
		*err = fmt.Errorf("%v", r)
	}
}

// localStorage is the browser's window.localStorage as a webstore.KV.
type localStorage struct{ ls js.Value }

func (l localStorage) GetItem(key string) (v string, ok bool, err error) {
	defer catch(&err)
	r := l.ls.Call("getItem", key)
	if r.IsNull() || r.IsUndefined() {
		return "", false, nil
	}
	return r.String(), true, nil
}

func (l localStorage) SetItem(key, value string) (err error) {
	defer catch(&err)
	l.ls.Call("setItem", key, value)
	return nil
}

func (l localStorage) RemoveItem(key string) (err error) {
	defer catch(&err)
	l.ls.Call("removeItem", key)
	return nil
}

// noStorage stands in when localStorage cannot be used (storage switched off for the site):
// there is no save to read and every save fails, so the status line says "Not saved: ...".
type noStorage struct{ why error }

func (n noStorage) GetItem(string) (string, bool, error) { return "", false, nil }
func (n noStorage) SetItem(string, string) error         { return n.why }
func (n noStorage) RemoveItem(string) error              { return n.why }

// openStorage returns localStorage, or noStorage when the browser refuses it.
func openStorage() (kv webstore.KV) {
	var err error
	func() {
		defer catch(&err)
		ls := js.Global().Get("localStorage")
		if ls.IsNull() || ls.IsUndefined() {
			err = errors.New("this browser has no localStorage")
			return
		}
		ls.Call("getItem", webstore.SaveKey) // throws when storage is switched off
		kv = localStorage{ls}
	}()
	if err != nil {
		return noStorage{fmt.Errorf("storage is not available: %w", err)}
	}
	return kv
}
