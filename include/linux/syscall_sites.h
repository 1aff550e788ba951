/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The system-call instructions of the C library's objects, found when the
 * kit is built (scripts/gen-syscall-tables reads them with objdump, as the
 * kernel's first recordmcount.pl read mcount calls) and tied to each
 * object's build-id: at run time an object is patched only when its
 * build-id is the one the table was made from, and every site's bytes are
 * checked before anything is written (stage3-dynamic/syscall_trap.c).
 */
#ifndef _LINUX_SYSCALL_SITES_H
#define _LINUX_SYSCALL_SITES_H

struct syscall_site_table {
	const char		*soname;	/* "libc.so.6" */
	const char		*build_id;	/* hex, as readelf -n shows it */
	const unsigned long	*sites;		/* addresses in the file */
	unsigned long		nr;
};

/* ends with an entry whose soname is NULL ($(O)/generated/syscall_sites.c) */
extern const struct syscall_site_table syscall_site_tables[];

#endif
