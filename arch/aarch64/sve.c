// SPDX-License-Identifier: GPL-2.0
/*
 * Whether this CPU has SVE, for kernel_fpu_call() (fpu.S): with it, the
 * registers that carry a vector result, z0-z7 and p0-p3, are wider than
 * the q0-q7 it keeps, and writing a q register back clears the bits of
 * its z register above 128.  Asked once, at the first initcall level
 * (linux/init.h): before the program's constructors, though after those
 * of the libraries it links, whose first events keep q0-q7 only.
 */
#include <sys/auxv.h>
#include <linux/init.h>

unsigned long a64_has_sve;

static __init_core void a64_sve_init(void)
{
	a64_has_sve = !!(getauxval(AT_HWCAP) & HWCAP_SVE);
}
