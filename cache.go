package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The cache keeps build products that cost a C compiler run and depend only
// on inputs that rarely change (the runtime's objects, runtimeobj.go), the
// way Go's build cache does (cmd/go/internal/cache): entries are named by a
// hash of everything that went into them, written whole to a temporary file
// and renamed into place (rename is atomic within a directory, so that
// concurrent toyc processes see an entry complete or not at all), and
// carry a checksum of their content, so that a damaged entry reads as a
// miss. Like Go's, it trims itself: entries unused for trimAge go when a
// new entry is written, and a hit marks its entry used at most once per
// touchAge, so that a hit costs no write.
//
// The cache is an optimization only: every failure (no home directory, a
// read-only or full disk, a damaged entry) is a miss, never an error.

// cacheEnv names the cache's directory; "off" turns the cache off. Unset or
// empty, the cache is toyc/ in the user's cache directory
// (os.UserCacheDir: $XDG_CACHE_HOME or ~/.cache).
const cacheEnv = "TOYC_CACHE"

const (
	trimAge  = 30 * 24 * time.Hour
	touchAge = 24 * time.Hour
	// cacheMagic opens every entry; a change of format changes it.
	cacheMagic = "toyc-cache-1"
	// entrySuffix ends the names of entries and of their temporary files,
	// so that trimming touches nothing else in a directory it was given.
	entrySuffix = ".toycache"
)

// cache is the directory of entries; scratch registers the temporary file
// of an entry being written, so that an interrupt removes it.
type cache struct {
	dir     string
	scratch *scratch
}

// openCache returns the cache named by $TOYC_CACHE, or nil when it is off
// or its directory cannot be made.
func openCache(s *scratch) *cache {
	dir := os.Getenv(cacheEnv)
	switch dir {
	case "off":
		return nil
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return nil
		}
		dir = filepath.Join(base, "toyc")
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil
	}
	return &cache{dir: dir, scratch: s}
}

// cacheKey hashes the parts that decide an entry, each length-prefixed so
// that no two lists of parts hash alike.
func cacheKey(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:", len(p))
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (c *cache) path(key string) string {
	return filepath.Join(c.dir, key+entrySuffix)
}

// entryHeader is the first line of an entry holding data: the magic, and the
// checksum and length of data.
func entryHeader(data []byte) string {
	sum := sha256.Sum256(data)
	return fmt.Sprintf("%s %x %d\n", cacheMagic, sum, len(data))
}

// get returns the data stored under key, or false when there is none or
// the entry is damaged.
func (c *cache) get(key string) ([]byte, bool) {
	entry, err := os.ReadFile(c.path(key))
	if err != nil {
		return nil, false
	}
	line, data, found := bytes.Cut(entry, []byte("\n"))
	if !found || string(line)+"\n" != entryHeader(data) {
		return nil, false
	}
	now := time.Now()
	if fi, err := os.Stat(c.path(key)); err == nil && now.Sub(fi.ModTime()) > touchAge {
		os.Chtimes(c.path(key), now, now)
	}
	return data, true
}

// put stores data under key, if it can, and trims the cache.
func (c *cache) put(key string, data []byte) {
	temp := filepath.Join(c.dir, fmt.Sprintf(".%s-%08x%s", key, rand.Uint32(), entrySuffix))
	c.scratch.add(temp)
	defer c.scratch.forget(temp)
	f, err := os.OpenFile(temp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return
	}
	_, err = f.WriteString(entryHeader(data))
	if err == nil {
		_, err = f.Write(data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(temp, c.path(key))
	}
	if err != nil {
		os.Remove(temp)
		return
	}
	c.trim()
}

// trim removes the entries, and temporary files left by a toyc that was
// killed, unused for trimAge.
func (c *cache) trim() {
	names, err := os.ReadDir(c.dir)
	if err != nil {
		return
	}
	for _, e := range names {
		if !strings.HasSuffix(e.Name(), entrySuffix) {
			continue
		}
		if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) > trimAge {
			os.Remove(filepath.Join(c.dir, e.Name()))
		}
	}
}
