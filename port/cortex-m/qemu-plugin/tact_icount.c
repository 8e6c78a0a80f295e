/*
 * tact_icount: QEMU 7.2 TCG plugin giving Cortex-M firmware an exact count
 * of the guest instructions it has executed (see port/cortex-m/README.md,
 * "The QEMU counter").
 *
 *   qemu-system-arm ... -plugin libtact_icount.so,out=<file>[,verbose=on]
 *
 * Counting: every translated instruction gets an inline "count += 1" that
 * runs before the instruction executes, so the count is exact however a
 * translation block is left (exception, semihosting call, interrupt,
 * icount's I/O re-translation, which instruments memory only).
 *
 * Channel to the guest: two marker instructions that compilers never emit,
 *   begin  mov r11, r11  (Thumb 0x46db)
 *   end    mov r10, r10  (Thumb 0x46d2)
 * bracket the body of the guest's counter_read(). At "begin" the plugin
 * writes the current value (8 bytes, little endian) to <file> at offset 0;
 * the guest then reads it back with semihosting SYS_SEEK + SYS_READ (it
 * opened the same file at start-up). The instructions from "begin" to
 * "end" inclusive are counted separately and left out of every later
 * value, so the value is "instructions executed outside counter_read()",
 * and the difference of two reads is exactly what ran between them.
 *
 * Plain C11 and POSIX, no glib: build with  cc -shared -fPIC.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "qemu-plugin-7.2.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

#define MARKER_BEGIN 0x46db /* mov r11, r11 */
#define MARKER_END 0x46d2   /* mov r10, r10 */

static uint64_t executed;   /* every guest instruction, incremented inline */
static uint64_t excluded;   /* instructions inside begin..end, all brackets so far */
static uint64_t begin_at;   /* `executed` when the open bracket began */
static int inside;          /* a begin marker ran, its end marker not yet */
static uint64_t reads;      /* begin markers seen */
static int out_fd = -1;
static int verbose;
static int write_failed;

static void on_begin(unsigned int vcpu, void *udata) {
  (void)vcpu;
  (void)udata;
  /* The inline add of this marker has not run yet (regular callbacks are
     emitted before inline ops): `executed` counts what ran before it. */
  const uint64_t value = executed - excluded;
  unsigned char bytes[8];
  for (int i = 0; i < 8; ++i) bytes[i] = (unsigned char)(value >> (8 * i));
  if (pwrite(out_fd, bytes, sizeof bytes, 0) != (ssize_t)sizeof bytes) write_failed = 1;
  begin_at = executed;
  inside = 1;
  ++reads;
}

static void on_end(unsigned int vcpu, void *udata) {
  (void)vcpu;
  (void)udata;
  if (!inside) return;
  excluded += executed - begin_at + 1; /* begin .. end, both markers included */
  inside = 0;
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb) {
  (void)id;
  const size_t n = qemu_plugin_tb_n_insns(tb);
  for (size_t i = 0; i < n; ++i) {
    struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
    /* A marker's data can be 4 bytes: 4 bytes before a page boundary,
       QEMU 7.2's Thumb translator reads the next halfword to see whether the
       next instruction crosses the page, and that read is appended to this
       instruction's bytes. So test the first halfword only; it cannot be
       the start of a 32-bit Thumb instruction (those begin 0b11101, 0b11110
       or 0b11111). */
    if (qemu_plugin_insn_size(insn) >= 2) {
      const unsigned char *b = qemu_plugin_insn_data(insn);
      const uint16_t halfword = (uint16_t)(b[0] | b[1] << 8); /* Thumb: little endian */
      if (halfword == MARKER_BEGIN)
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_begin, QEMU_PLUGIN_CB_NO_REGS, NULL);
      else if (halfword == MARKER_END)
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_end, QEMU_PLUGIN_CB_NO_REGS, NULL);
    }
    qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
  }
}

static void report(qemu_plugin_id_t id, void *udata) {
  (void)id;
  (void)udata;
  if (verbose || write_failed) {
    /* stderr, not qemu_plugin_outs(): that one only prints with -d plugin. */
    fprintf(stderr,
            "tact_icount: %" PRIu64 " instructions executed, %" PRIu64 " counter reads (%" PRIu64
            " instructions inside them)%s\n",
            executed, reads, excluded, write_failed ? "; WRITING THE COUNT FAILED" : "");
  }
  if (out_fd >= 0) close(out_fd);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                           char **argv) {
  const char *out = NULL;
  for (int i = 0; i < argc; ++i) {
    if (strncmp(argv[i], "out=", 4) == 0) {
      out = argv[i] + 4;
    } else if (strcmp(argv[i], "verbose=on") == 0) {
      verbose = 1;
    } else {
      fprintf(stderr, "tact_icount: unknown argument '%s' (expected out=<file>[,verbose=on])\n",
              argv[i]);
      return -1;
    }
  }
  if (out == NULL || *out == '\0') {
    fprintf(stderr, "tact_icount: out=<file> is required\n");
    return -1;
  }
  if (!info->system_emulation || strcmp(info->target_name, "arm") != 0) {
    fprintf(stderr, "tact_icount: only for qemu-system-arm (got %s)\n", info->target_name);
    return -1;
  }
  out_fd = open(out, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (out_fd < 0) {
    fprintf(stderr, "tact_icount: cannot create %s: %s\n", out, strerror(errno));
    return -1;
  }
  qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
  qemu_plugin_register_atexit_cb(id, report, NULL);
  return 0;
}
