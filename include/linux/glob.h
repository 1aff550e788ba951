/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Globs as the filter files take them (lib/glob.c): *, ?, [...] and
 * [!...].  ftrace_glob_check(): 0 for a well-formed pattern, else
 * -EINVAL; ftrace_glob_match(): 1 when str matches glob, else 0.
 */
#ifndef _LINUX_GLOB_H
#define _LINUX_GLOB_H

int ftrace_glob_check(const char *glob);
int ftrace_glob_match(const char *glob, const char *str);

#endif
