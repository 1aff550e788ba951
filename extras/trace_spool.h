/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The spool's file (trace_spool.c writes it, trace_spool_read.c reads it).
 *
 * With FTRACE_SPOOL=dir, each traced process keeps every ring and every
 * struct trace_buffer in one file of its own, dir/<pid>.buf, mapped
 * MAP_SHARED: what the process recorded stays in the file whatever way it
 * ends.  The process holds a POSIX record lock on the file while it lives
 * (the kernel drops it at any death, SIGKILL included, and at exec); a
 * normal exit prints the trace as without a spool and removes the file.
 * A file left behind, unlocked, is the trace of a process that died: the
 * same executable, run with FTRACE_FORMAT=file, prints it.
 *
 * The file: struct spool_header (page-rounded), then the pieces the
 * process mapped, in the order it mapped them.  The header's region table
 * says where each piece is in the file and at which address the process
 * had it, so the reader can follow the pointers of struct trace_buffer.
 */
#ifndef _TRACE_SPOOL_H
#define _TRACE_SPOOL_H

#include <stdint.h>
#include <linux/trace_spool.h>

#define SPOOL_ENV		"FTRACE_SPOOL"
#define SPOOL_FORMAT_ENV	"FTRACE_FORMAT"

/* "ftsp", as a number */
#define SPOOL_MAGIC		('f' << 24 | 't' << 16 | 's' << 8 | 'p')
#define SPOOL_VERSION		2
#define SPOOL_TEXT_LEN		512
#define SPOOL_MAX_REGIONS	4096
#define SPOOL_MAX_OBJECTS	64
#define SPOOL_PATH_LEN		256
#define SPOOL_TRACER_LEN	32

/* FTRACE_FORMAT's exit status besides 0 (printed) and 1 (bad spool) */
#define SPOOL_EXIT_LIVE		3	/* its process still runs */
#define SPOOL_EXIT_EMPTY	4	/* nothing recorded, or printed */

struct spool_region {
	uint64_t	addr;		/* where the process mapped it */
	uint64_t	off;		/* where it is in the file */
	uint64_t	len;
	uint32_t	index;		/* SPOOL_REGION_STRUCTS: chunk nr */
	uint32_t	kind;		/* enum spool_kind, stored last */
};

/* A loaded object, so that addresses in shared libraries get names. */
struct spool_object {
	uint64_t	bias;		/* dlpi_addr */
	char		path[SPOOL_PATH_LEN];	/* "" for the program */
};

struct spool_header {
	/*
	 * Plain text, NUL-padded, for scripts (ftrace-run):
	 *   "ftrace-spool 1\npid N\nfirst-event NNNNNNNNNNNNNNNNNNNN\n"
	 *   "exe /path/of/the/program\n"
	 * first-event: CLOCK_MONOTONIC ns of the first buffer claimed, 20
	 * digits (zeros: nothing recorded), so sections sort as text.
	 */
	char		text[SPOOL_TEXT_LEN];
	/* what the reader checks before it trusts anything else */
	uint32_t	magic;
	uint32_t	version;
	uint32_t	header_size;	/* sizeof(struct spool_header) */
	uint32_t	buffer_size;	/* sizeof(struct trace_buffer) */
	uint32_t	entry_size;	/* sizeof(struct trace_entry) */
	uint32_t	chunk_structs;	/* struct trace_buffer per chunk */
	uint32_t	max_regions;
	int32_t		pid;
	/* a sample of both clocks, for trace_clock_set_origin() */
	uint64_t	clk_ts0;
	uint64_t	clk_ns0;
	uint64_t	file_end;	/* bytes of the file in use */
	char		tracer[SPOOL_TRACER_LEN];	/* current_tracer */
	uint32_t	nr_objects;
	uint32_t	pad;
	struct spool_object objects[SPOOL_MAX_OBJECTS];
	struct spool_region regions[SPOOL_MAX_REGIONS];
};

#endif
