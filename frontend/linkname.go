package frontend

// LinkName is the symbol of a function in the object file toyc writes
// (Toy's main is toy_main, every other function its own name), for the C
// header of a library (toyc --emit=header).
func LinkName(f *Func) string { return symbol(f) }
