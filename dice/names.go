package dice

var dieNames = [7]string{"", "Aß", "Daus", "Tres", "Quatuor", "Cinque", "Sechs"}

var doubletNames = [7]string{"", "Bezet", "Double Deux", "Ternes", "Carnes", "Quines", "Sonnes"}

// DieName returns the old name of a die's number (rule D-2): Aß 1, Daus 2,
// Tres 3, Quatuor 4, Cinque 5, Sechs 6; "" outside 1…6.
func DieName(n int) string {
	if n < 1 || n > 6 {
		return ""
	}
	return dieNames[n]
}

// DoubletName returns the name of the doublet n-n (rule D-2): Bezet (also
// Ambesas) 1-1, Double Deux, Ternes, Carnes, Quines, Sonnes 6-6; "" outside 1…6.
func DoubletName(n int) string {
	if n < 1 || n > 6 {
		return ""
	}
	return doubletNames[n]
}

// Name returns the name of a throw: the doublet's name for a doublet, otherwise
// the two dice's names, higher first ("Sechs Cinque").
func (t Throw) Name() string {
	if !t.Valid() {
		return ""
	}
	if t.IsDoublet() {
		return DoubletName(int(t.A))
	}
	c := t.Canonical()
	return DieName(int(c.A)) + " " + DieName(int(c.B))
}
