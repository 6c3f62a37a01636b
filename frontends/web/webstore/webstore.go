// Package webstore keeps the xiangqi app's save in a key-value store of strings: the
// browser's localStorage in the web build, a map in tests. Storage implements
// controller.Storage, so the controller loads, saves and recovers a damaged save exactly as
// it does with a folder: the save is one value (written whole by one SetItem, which is
// atomic), and a damaged one is copied to a "game.corrupt-<time>.txt" key before it is
// removed.
package webstore

import (
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"time"

	"github.com/cotuong-ai/cotuong/frontends/app/controller"
)

// KV is a key-value store of strings, with the methods of the Web Storage API
// (localStorage). Errors are the store's own (a full quota, storage switched off).
type KV interface {
	// GetItem returns the value of key; ok is false when there is none.
	GetItem(key string) (value string, ok bool, err error)
	// SetItem stores value under key, replacing what was there.
	SetItem(key, value string) error
	// RemoveItem deletes key (nothing happens when there is none).
	RemoveItem(key string) error
}

// Prefix starts every key the web app writes ("cotuong/game.txt"), so that other pages of
// the same origin do not clash with it.
const Prefix = "cotuong/"

// SaveKey is the key of the save.
const SaveKey = Prefix + controller.SaveName

// Storage is a controller.Storage in a KV: the save under SaveKey, damaged saves kept under
// Prefix + controller.CorruptName(...).
type Storage struct {
	KV KV
}

// Read returns the save; fs.ErrNotExist when there is none.
func (s Storage) Read() ([]byte, error) {
	v, ok, err := s.KV.GetItem(SaveKey)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", SaveKey, err)
	}
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(v), nil
}

// Save stores data under SaveKey with one SetItem.
func (s Storage) Save(data []byte) error {
	if err := s.KV.SetItem(SaveKey, string(data)); err != nil {
		return fmt.Errorf("saving the game in %s: %w", SaveKey, err)
	}
	return nil
}

// KeepAside copies the save to the first free key Prefix + controller.CorruptName(now, try),
// then removes it, and returns the new key. If the copy cannot be stored (a full quota), the
// save stays where it is and the error says so.
func (s Storage) KeepAside(now time.Time) (string, error) {
	v, ok, err := s.KV.GetItem(SaveKey)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", fmt.Errorf("no %s to keep aside", SaveKey)
	}
	for i := 0; i < 100; i++ {
		key := Prefix + controller.CorruptName(now, i)
		if _, taken, err := s.KV.GetItem(key); err != nil {
			return "", err
		} else if taken {
			continue
		}
		if err := s.KV.SetItem(key, v); err != nil {
			return "", fmt.Errorf("copying %s to %s: %w", SaveKey, key, err)
		}
		if err := s.KV.RemoveItem(SaveKey); err != nil {
			return "", fmt.Errorf("removing %s after copying it to %s: %w", SaveKey, key, err)
		}
		return key, nil
	}
	return "", errors.New("too many corrupt saves kept aside already")
}

// Path returns "localStorage " + SaveKey, the name the player sees in messages.
func (s Storage) Path() string { return "localStorage " + SaveKey }

// Memory is a KV in memory, safe for concurrent use: for tests, and for a browser whose
// localStorage cannot be used (the game then lasts as long as the page).
type Memory struct {
	mu sync.Mutex
	m  map[string]string
}

// GetItem returns the value of key.
func (m *Memory) GetItem(key string) (string, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[key]
	return v, ok, nil
}

// SetItem stores value under key.
func (m *Memory) SetItem(key, value string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil {
		m.m = map[string]string{}
	}
	m.m[key] = value
	return nil
}

// RemoveItem deletes key.
func (m *Memory) RemoveItem(key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.m, key)
	return nil
}

// Items returns a copy of every key and value.
func (m *Memory) Items() map[string]string {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]string, len(m.m))
	for k, v := range m.m {
		out[k] = v
	}
	return out
}
