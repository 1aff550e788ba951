// SPDX-License-Identifier: GPL-2.0
/*
 * Count trailing zeros for the event path.  rv64gc has no instruction for
 * it (that is the Zbb extension), so gcc turns __builtin_ctzl() into a
 * call of libgcc's __ctzdi2(), which is not event-path code
 * (linux/event_path.h; the ring buffer uses the builtin on every
 * reservation).  The runtime brings its own, as the kernel's
 * lib/clz_ctz.c does for its arches: the runtime's calls bind to it when
 * its objects are linked together, and it stays local to the runtime
 * (only the kit's API names are global), so the program's own calls
 * still reach libgcc's.
 */
#include <linux/event_path.h>

int __ctzdi2(unsigned long x);

/* x != 0, as for the builtin: halve the window until one bit is left */
__event_path int __ctzdi2(unsigned long x)
{
	int n = 0, w;

	for (w = 32; w; w >>= 1) {
		if (!(x & ((1UL << w) - 1))) {
			x >>= w;
			n += w;
		}
	}
	return n;
}
