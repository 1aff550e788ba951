// SPDX-License-Identifier: GPL-2.0
/*
 * A library whose constructor makes system calls (tests/stage3/
 * test_syscalls.sh, sysprog dlopen): they come from the C library's sites
 * like the program's own.
 */
#include <unistd.h>

static __attribute__((constructor)) void syslib_init(void)
{
	static const char msg[] = "syslib here\n";

	if (getppid() > 0 && write(1, msg, sizeof(msg) - 1) < 0)
		_exit(9);
}
