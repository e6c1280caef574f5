package analysis

// Grade is one step of a game's rating scale: a player whose error rate is
// below Below (and not below the grade before) earns Name. The last grade
// of a scale has no bound (Below 0).
type Grade struct {
	Name  string  `json:"name"`
	Below float64 `json:"below"`
}

// scales are the rating scales, best grade first; the package doc says how
// the bounds were measured.
var scales = map[string][]Grade{
	"toccateglio": {{"world class", 0.010}, {"expert", 0.030}, {"advanced", 0.060}, {"intermediate", 0.100}, {"casual", 0.200}, {"beginner", 0.400}, {"awful", 0}},
	"verkehren":   {{"world class", 0.005}, {"expert", 0.015}, {"advanced", 0.030}, {"intermediate", 0.060}, {"casual", 0.120}, {"beginner", 0.250}, {"awful", 0}},
}

// Grades returns the rating scale of a variant, best grade first; nil for
// a variant without one (the Festungsspiel: see the package doc).
func Grades(variant string) []Grade {
	s := scales[variant]
	if s == nil {
		return nil
	}
	return append([]Grade(nil), s...)
}

// Rate returns the grade of an error rate on a variant's scale; "" for a
// variant without one or a rate that is not a number.
func Rate(variant string, errorRate float64) string {
	if errorRate != errorRate {
		return ""
	}
	s := scales[variant]
	for i, g := range s {
		if errorRate < g.Below || i == len(s)-1 {
			return g.Name
		}
	}
	return ""
}
