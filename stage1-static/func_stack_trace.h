/* SPDX-License-Identifier: GPL-2.0 */
/* The func_stack_trace option of the function tracer (func_stack_trace.c). */
#ifndef _FUNC_STACK_TRACE_H
#define _FUNC_STACK_TRACE_H

#include <stdint.h>

/* After the entry of ip (called from parent_ip): its call chain. */
void trace_record_stack(unsigned long ip, unsigned long parent_ip,
			unsigned int cpu, uint64_t ts, unsigned int ctx);

#endif
