/* SPDX-License-Identifier: GPL-2.0 */
/*
 * IS_ENABLED(CONFIG_FOO): 1 when the Makefile built with -DCONFIG_FOO, 0
 * otherwise, usable in C expressions (the kernel's include/linux/kconfig.h
 * trick).  A .c file then writes "if (IS_ENABLED(CONFIG_FOO))" and the
 * compiler drops the dead branch, instead of an #ifdef around a call.
 */
#ifndef _LINUX_KCONFIG_H
#define _LINUX_KCONFIG_H

/*
 * -DCONFIG_FOO defines CONFIG_FOO as 1: pasted onto __ARG_PLACEHOLDER_,
 * it names a macro that expands to "0,", which shifts 1 into the second
 * argument; anything else leaves 0 there.
 */
#define __ARG_PLACEHOLDER_1 0,
#define __take_second_arg(__ignored, val, ...) val
#define __is_defined(x)			___is_defined(x)
#define ___is_defined(val)		____is_defined(__ARG_PLACEHOLDER_##val)
#define ____is_defined(arg1_or_junk)	__take_second_arg(arg1_or_junk 1, 0)

#define IS_ENABLED(option)		__is_defined(option)

#endif
