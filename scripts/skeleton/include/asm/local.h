/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EXERCISE(3): local_t (docs/00-prerequisites.md, "asm/local.h"): the
 * generic __atomic version is right wherever gcc inlines it without a
 * libatomic call (check with objdump -d of stage1-static/ring_buffer.o);
 * say here how the arch's atomic add survives a signal in its middle.
 */
#include <asm-generic/local.h>
