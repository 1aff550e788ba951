/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing to the program's own code (chapter 4): the kernel's text_poke().
 *
 * Code pages are read-only and executable.  A patch window makes the pages
 * it touches writable AND still executable (the patching code may live on
 * one of them), lets ftrace_modify_code() write, then flushes the
 * instruction cache over what was written (the arch's flush_icache_range(),
 * asm/cacheflush.h) and puts the protection back.
 *
 *	text_poke_begin();
 *	... ftrace_modify_code(ip, old, new, len) ...
 *	text_poke_end();
 *
 * ftrace_modify_code() outside a window opens and closes one for itself.
 * Neither allocates memory or takes a lock: they run while stop_machine()
 * holds every other thread, one of which may own the malloc lock.
 */
#ifndef _LINUX_TEXT_PATCHING_H
#define _LINUX_TEXT_PATCHING_H

#include <stddef.h>

/* Learn where the code is (once, may allocate); 0 or -errno. */
int text_poke_init(void);
/* 1 if [ip, ip + len) lies in the program's executable segments. */
int kernel_text_address(unsigned long ip, size_t len);
/* fn on each executable segment of the program itself (not a library) */
void core_text_for_each(void (*fn)(unsigned long start, unsigned long end,
				   void *data), void *data);
void text_poke_begin(void);
void text_poke_end(void);

/*
 * What the last ftrace_modify_code() was asked and found, kept for
 * ftrace_bug()'s report when it fails.
 */
struct text_poke_failure {
	unsigned long	ip;
	size_t		len;
	unsigned char	expected[16], actual[16];
};
extern struct text_poke_failure text_poke_failure;

#endif
