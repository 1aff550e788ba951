// SPDX-License-Identifier: GPL-2.0
/*
 * The spool, reader side: FTRACE_FORMAT=file prints the trace a dead
 * process left in its spool file, then ends the program before main().
 *
 * The reader is the dead process's own executable (scripts/ftrace-run
 * runs it, under qemu for a foreign arch), stopped before its settings
 * are read (__init_reader, linux/init.h): it has the same struct layouts,
 * the same symbols at the same addresses (the kit refuses PIE) and the
 * same printers, so the leftover trace is printed exactly as a normal exit
 * would have printed it.  Nothing is recorded and nothing is patched: the
 * tracer is chosen by name, never started.
 *
 * The file is checked before it is trusted (magic, version, struct sizes,
 * every region inside the file, every ring inside a region); a bad one
 * gets one line on stderr and status 1.  The slots themselves go through
 * ring_buffer_snapshot() like a live buffer's: a record the process was
 * writing when it died is not complete, and is left out.
 */
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/ring_buffer.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/trace_output.h>
#include <linux/tracefs.h>
#include "trace_spool.h"

#define RB_MAX_SLOTS	(1ul << 25)	/* buffer_size_kb's bound, in slots */

static const char *spool_file;
static const char *map;
static size_t map_len;

static void __attribute__((noreturn, format(printf, 1, 2)))
spool_bad(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "ftrace: spool '%s': ", spool_file);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	_exit(1);
}

/* Whether [off, off + len) lies inside the file. */
static int in_map(uint64_t off, uint64_t len)
{
	return off <= map_len && len <= map_len - off;
}

static void check_header(const struct spool_header *h)
{
	uint32_t i;

	if (h->magic != SPOOL_MAGIC)
		spool_bad("not a spool file (bad magic)");
	if (h->version != SPOOL_VERSION)
		spool_bad("layout version %u, this program reads %u",
			  h->version, SPOOL_VERSION);
	if (h->header_size != sizeof(*h) ||
	    h->buffer_size != sizeof(struct trace_buffer) ||
	    h->entry_size != sizeof(struct trace_entry) ||
	    h->chunk_structs != RB_CHUNK ||
	    h->max_regions != SPOOL_MAX_REGIONS)
		spool_bad("written by a program with other struct sizes");
	if (!memchr(h->tracer, 0, sizeof(h->tracer)) ||
	    h->nr_objects > SPOOL_MAX_OBJECTS)
		spool_bad("corrupt header");
	for (i = 0; i < h->nr_objects; i++)
		if (!memchr(h->objects[i].path, 0, SPOOL_PATH_LEN))
			spool_bad("corrupt object path %u", i);
	for (i = 0; i < SPOOL_MAX_REGIONS; i++) {
		const struct spool_region *r = &h->regions[i];

		if (r->kind == SPOOL_REGION_FREE)
			continue;
		if (r->kind != SPOOL_REGION_RING &&
		    r->kind != SPOOL_REGION_STRUCTS)
			spool_bad("region %u: unknown kind %u", i, r->kind);
		if (r->off < sizeof(*h) || !in_map(r->off, r->len))
			spool_bad("region %u lies outside the file "
				  "(truncated?)", i);
		if (r->kind == SPOOL_REGION_STRUCTS &&
		    r->len < RB_CHUNK * sizeof(struct trace_buffer))
			spool_bad("region %u: a chunk of %llu bytes", i,
				  (unsigned long long)r->len);
	}
}

/* Where the dead process's [addr, addr + len) of a ring is in the map. */
static const void *ring_at(const struct spool_header *h, uint64_t addr,
			   uint64_t len)
{
	uint32_t i;

	for (i = 0; i < SPOOL_MAX_REGIONS; i++) {
		const struct spool_region *r = &h->regions[i];

		if (r->kind == SPOOL_REGION_RING && addr >= r->addr &&
		    len <= r->len && addr - r->addr <= r->len - len)
			return map + r->off + (addr - r->addr);
	}
	return NULL;
}

/* List every buffer of the dead process; how many, or how many unreadable */
static int adopt_buffers(const struct spool_header *h, int *unreadable)
{
	uint32_t i, k;
	int nr = 0;

	for (i = 0; i < SPOOL_MAX_REGIONS; i++) {
		const struct spool_region *r = &h->regions[i];

		if (r->kind != SPOOL_REGION_STRUCTS)
			continue;
		for (k = 0; k < RB_CHUNK; k++) {
			struct trace_buffer b;
			unsigned long size;
			const void *ring;

			memcpy(&b, map + r->off + k * sizeof(b), sizeof(b));
			if (!ring_buffer_in_use(&b))
				continue;
			size = b.mask + 1;
			ring = NULL;
			if (!ring_buffer_has_ring(&b))
				size = 0;	/* counts only */
			else if (size >= 2 && !(size & b.mask) &&
				 size <= RB_MAX_SLOTS)
				ring = ring_at(h, (uintptr_t)b.entries, size *
					       sizeof(struct trace_entry));
			if (!ring && size) {
				/* it died while moving this buffer */
				(*unreadable)++;
				continue;
			}
			if (ring_buffer_adopt(&b, ring))
				spool_bad("out of memory");
			nr++;
		}
	}
	return nr;
}

/*
 * Whether process pid still maps the file: its lock is gone when it closed
 * the descriptor (a program that closes every descriptor it did not open),
 * yet it lives and may still write.  After an exec the new image maps
 * nothing of it.
 */
static int spool_mapped_by(pid_t pid, const struct stat *st)
{
	char path[64], line[512];
	unsigned long long ino;
	unsigned int maj, min;
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, "%*s %*s %*s %x:%x %llu", &maj, &min,
			       &ino) == 3 && ino == st->st_ino &&
			maj == major(st->st_dev) && min == minor(st->st_dev);
	fclose(f);
	return found;
}

/* 1 while the process that writes the file lives (holds its lock). */
static int spool_owner_alive(int fd, pid_t pid, const struct stat *st)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };

	if (fcntl(fd, F_GETLK, &fl))
		spool_bad("cannot test its lock: %s", strerror(errno));
	return fl.l_type != F_UNLCK || (pid > 0 && spool_mapped_by(pid, st));
}

static void print_settings(void)
{
	/* only what changes how entries print; the rest is recording's */
	static const char *const files[] = { "trace_options", "options" };
	char name[64];
	unsigned int i, k;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		const char *v;

		snprintf(name, sizeof(name), "FTRACE_%s", files[i]);
		for (k = 7; name[k]; k++)
			if (name[k] >= 'a' && name[k] <= 'z')
				name[k] -= 'a' - 'A';
		v = getenv(name);
		if (v && tracefs_write(files[i], v)) {
			fprintf(stderr, "ftrace: %s\n", tracefs_last_error());
			_exit(2);
		}
	}
}

static void trace_spool_format(const char *path)
{
	const struct spool_header *h;
	const char *paths[SPOOL_MAX_OBJECTS];
	unsigned long bias[SPOOL_MAX_OBJECTS];
	const char *dest = getenv("FTRACE_TRACE");
	int fd, nr, unreadable = 0;
	char note[SPOOL_PATH_LEN + 128];
	struct stat st;
	uint32_t i;
	void *mem;

	tracing_on = 0;
	spool_file = path;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		spool_bad("%s", strerror(errno));
	if (fstat(fd, &st))
		spool_bad("%s", strerror(errno));
	if (st.st_size < (off_t)sizeof(*h))
		spool_bad("truncated header (%lld bytes)",
			  (long long)st.st_size);
	map_len = st.st_size;
	mem = mmap(NULL, map_len, PROT_READ, MAP_PRIVATE, fd, 0);
	if (mem == MAP_FAILED)
		spool_bad("%s", strerror(errno));
	map = mem;
	h = mem;
	if (h->magic == SPOOL_MAGIC && spool_owner_alive(fd, h->pid, &st))
		_exit(SPOOL_EXIT_LIVE);
	/*
	 * Its owner exited normally and printed it meanwhile: it unlinks the
	 * file before its lock goes, so this is seen after the lock.
	 */
	if (fstat(fd, &st) || !st.st_nlink)
		_exit(SPOOL_EXIT_EMPTY);
	close(fd);
	check_header(h);

	nr = adopt_buffers(h, &unreadable);
	if (!nr)
		_exit(SPOOL_EXIT_EMPTY);
	if (h->tracer[0] && trace_set_reader(h->tracer))
		spool_bad("unknown tracer '%s'", h->tracer);
	print_settings();
	for (i = 0; i < h->nr_objects; i++) {
		paths[i] = h->objects[i].path;
		bias[i] = h->objects[i].bias;
	}
	kallsyms_use_objects(h->nr_objects, paths, bias);
	trace_clock_set_origin(h->clk_ts0, h->clk_ns0);

	snprintf(note, sizeof(note), "pid %d ended without exit(): its "
		 "buffers as it left them%s", h->pid,
		 unreadable ? " (a buffer it was moving is lost)" : "");
	trace_set_dump_note(note);
	if (tracefs_dump(dest && *dest ? dest : NULL)) {
		fprintf(stderr, "ftrace: %s\n", tracefs_last_error());
		_exit(1);
	}
	_exit(0);
}

/* FTRACE_FORMAT=file: print it and end, before any setting is read. */
static __init_reader void trace_spool_reader(void)
{
	const char *path = getenv(SPOOL_FORMAT_ENV);

	if (path)
		trace_spool_format(path);
}
