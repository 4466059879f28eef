package cpu

// profile is a preference order per "pkg/role": kernel names best first
// (Generic for the portable code); kernels it does not name follow in
// registration order.
type profile struct {
	name, why string
	order     map[string][]string
}

// thisCPU is the order this CPU uses: registration order for now.
var thisCPU = profile{name: "every CPU", why: "registration order"}
