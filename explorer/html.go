package explorer

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"io"
	"strings"
)

// The viewer: one HTML file, its style and its script, embedded in toyc
// and written into every page with the page's data, so the page needs no
// network and no file beside it.

//go:embed assets/page.html
var pageHTML string

//go:embed assets/page.css
var pageCSS string

//go:embed assets/page.js
var pageJS string

// WriteHTML writes the page: the viewer with p as JSON inside it.
// encoding/json escapes <, > and & in strings, so no text of the program
// can end the script element that holds the data.
func WriteHTML(w io.Writer, p *Page) error {
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	var out bytes.Buffer
	title := p.File
	r := strings.NewReplacer(
		"{{title}}", htmlEscape(title),
		"{{style}}", pageCSS,
		"{{data}}", string(data),
		"{{script}}", pageJS,
	)
	out.WriteString(r.Replace(pageHTML))
	_, err = w.Write(out.Bytes())
	return err
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
