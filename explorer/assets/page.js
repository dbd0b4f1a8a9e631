// the viewer
