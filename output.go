package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"

	"toyc/middle/diag"
)

// Outputs are written to a temporary file beside their destination and
// renamed over it only when complete (rename is atomic within a directory),
// so that a failed or interrupted compile leaves neither a partial output
// nor a damaged previous one.

// reserveOutput creates an empty temporary file beside path and returns its
// name, registered in the scratch until commitOutput renames it. A path
// that is a device or FIFO, such as /dev/null, cannot be replaced and is
// returned itself, to be written in place.
func (d *driver) reserveOutput(path string) (string, error) {
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return "", failf("cannot write %s: it is a directory", path)
		}
		if !fi.Mode().IsRegular() {
			return path, nil
		}
	}
	dir, base := filepath.Split(path)
	for {
		temp := filepath.Join(dir, fmt.Sprintf(".%s.toyc-%08x", base, rand.Uint32()))
		d.scratch.add(temp)
		f, err := os.OpenFile(temp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
		if os.IsExist(err) {
			d.scratch.forget(temp)
			continue
		}
		if err != nil {
			d.scratch.forget(temp)
			return "", failf("cannot write %s: %v", path, unwrapPath(err))
		}
		f.Close()
		return temp, nil
	}
}

// commitOutput moves the finished temporary file into place.
func (d *driver) commitOutput(temp, path string) error {
	if temp == path {
		return nil
	}
	if err := os.Rename(temp, path); err != nil {
		return failf("cannot write %s: %v", path, unwrapPath(err))
	}
	d.scratch.forget(temp)
	return nil
}

// writeOutput writes a text output to path, or to standard output for "-".
func (d *driver) writeOutput(path string, write func(io.Writer) error) error {
	if path == "-" {
		return write(d.stdout)
	}
	temp, err := d.reserveOutput(path)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(temp, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return failf("cannot write %s: %v", path, unwrapPath(err))
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	switch err.(type) {
	case nil:
	case diag.List, failure:
		// the compile that writes the output as it goes failed
		return err
	default:
		return failf("cannot write %s: %v", path, unwrapPath(err))
	}
	return d.commitOutput(temp, path)
}

// unwrapPath drops the temporary file's name from an error about it, which
// would only confuse: the message names the real output.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	if le, ok := err.(*os.LinkError); ok {
		return le.Err
	}
	return err
}
