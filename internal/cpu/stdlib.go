package cpu

// RegisterStdlib declares pkg's RoleStdlib role with its one kernel,
// "stdlib" with ID 1 and no CPU features: the packages whose whole hash
// goes to the standard library on the GOARCHes where it has assembly and
// hashkit none. It calls registerRole itself, not RegisterRole, so that
// the kernel is recorded under the calling package.
func RegisterStdlib(pkg string, choice *KernelID) {
	registerRole(callerPackage(), pkg, RoleStdlib, choice, nil, []Kernel{{Name: "stdlib", ID: 1}})
}
