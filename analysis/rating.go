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
	"toccateglio": {{"world class", 0.003}, {"expert", 0.016}, {"advanced", 0.061}, {"intermediate", 0.124}, {"casual", 0.196}, {"beginner", 0.30}, {"awful", 0}},
	"verkehren":   {{"world class", 0.0015}, {"expert", 0.0055}, {"advanced", 0.020}, {"intermediate", 0.058}, {"casual", 0.156}, {"beginner", 0.33}, {"awful", 0}},
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
