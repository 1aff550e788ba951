// SPDX-License-Identifier: GPL-2.0
/* Does this CPU have rdpid?  CPUID leaf 7, ECX bit 22. */
#include <cpuid.h>
#include <linux/init.h>

int x86_have_rdpid;

static __init_core void x86_trace_clock_init(void)
{
	unsigned int a, b, c, d;

	if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
		x86_have_rdpid = (c >> 22) & 1;
}
