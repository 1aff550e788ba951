/* SPDX-License-Identifier: GPL-2.0 */
/* riscv64 masks signals like any other arch: see asm-generic/irqflags.h. */
#include <asm-generic/irqflags.h>
