/*
 * rtc_check_programs.h -- the programs both device-free run-time compile checks
 * (rtc_compile_check.cu: NVRTC; rtc_compile_check_hip.cpp: hipRTC) compile: element
 * sizes 1 to 32 bytes, by-value and const-reference signatures, both comparator
 * forms, comparator programs specialised for each value size (1, 2, 4, 8, 16 bytes),
 * comparator programs with the safe block shapes as well as the fast ones, and the
 * two kinds of bad source, whose log must name the problem; and what both checks do
 * with a program around their own compiler. Include after gpu/rtc/rtc_internal.h
 * (SWEEP_RTC_OP, SWEEP_RTC_CMP, sweep_rtc_program_text), <stdio.h> and <string.h>,
 * inside an anonymous namespace.
 */
#ifndef SWEEP_TESTS_RTC_CHECK_PROGRAMS_H
#define SWEEP_TESTS_RTC_CHECK_PROGRAMS_H

struct Program {
    int kind;
    const char *name;
    size_t size, align;
    const char *source;
    const char *expect_in_log; /* NULL: must compile */
    size_t value_size;         /* comparators: the values the program moves (0: any) */
    int safe_shapes;           /* comparators: the safe block shapes (sweep_rtc_request) */
};

/* comparators, compiled for keys alone and for values of several sizes */
const char kByKey[] = "struct rec { int key; unsigned idx; };\n"
                      "__device__ bool by_key(rec a, rec b) { return a.key < b.key; }\n";
const char kBe24[] =
    "struct be { unsigned char b[3]; };\n"
    "__device__ bool be24(const be &x, const be &y) {\n"
    "    for (int i = 0; i < 3; ++i) if (x.b[i] != y.b[i]) return x.b[i] < y.b[i];\n"
    "    return false;\n}\n";
const char kLessU32[] = "__device__ bool less_u32(unsigned a, unsigned b) { return a < b; }\n";

const Program kPrograms[] = {
    {SWEEP_RTC_OP, "add_u8", 1, 1,
     "__device__ unsigned char add_u8(const unsigned char &a, const unsigned char &b) {\n"
     "    return (unsigned char)(a + b);\n}\n",
     NULL, 0, 0},
    /* the fixed-width names of <stdint.h>, which sweep.h promises to device source */
    {SWEEP_RTC_OP, "xor_mix", 16, 8,
     "struct mix { uint64_t a; uint32_t b; int16_t c; uint8_t d; int8_t e; };\n"
     "__device__ mix xor_mix(mix x, mix y) {\n"
     "    mix r; r.a = x.a ^ y.a; r.b = x.b ^ y.b; r.c = (int16_t)(x.c ^ y.c);\n"
     "    r.d = (uint8_t)(x.d ^ y.d); r.e = (int8_t)(x.e ^ y.e); return r;\n}\n",
     NULL, 0, 0},
    {SWEEP_RTC_OP, "rgb_max", 3, 1,
     "struct rgb { unsigned char c[3]; };\n"
     "__device__ rgb rgb_max(rgb a, rgb b) {\n"
     "    rgb r;\n"
     "    for (int i = 0; i < 3; ++i) r.c[i] = a.c[i] > b.c[i] ? a.c[i] : b.c[i];\n"
     "    return r;\n}\n",
     NULL, 0, 0},
    {SWEEP_RTC_OP, "affine_f32", 8, 8,
     "struct affine { float a, b; };\n"
     "__device__ affine affine_f32(affine x, affine y) {\n"
     "    affine r; r.a = y.a * x.a; r.b = y.a * x.b + y.b; return r;\n}\n",
     NULL, 0, 0},
    {SWEEP_RTC_OP, "mat2", 16, 4,
     "struct m2 { unsigned m[4]; };\n"
     "__device__ m2 mat2(const m2 &x, const m2 &y) {\n"
     "    m2 r;\n"
     "    r.m[0] = x.m[0] * y.m[0] + x.m[1] * y.m[2]; r.m[1] = x.m[0] * y.m[1] + x.m[1] * y.m[3];\n"
     "    r.m[2] = x.m[2] * y.m[0] + x.m[3] * y.m[2]; r.m[3] = x.m[2] * y.m[1] + x.m[3] * y.m[3];\n"
     "    return r;\n}\n",
     NULL, 0, 0},
    {SWEEP_RTC_OP, "sum4_f64", 32, 32,
     "struct alignas(32) v4 { double v[4]; };\n"
     "__device__ v4 sum4_f64(v4 a, v4 b) {\n"
     "    v4 r; for (int i = 0; i < 4; ++i) r.v[i] = a.v[i] + b.v[i]; return r;\n}\n",
     NULL, 0, 0},
    {SWEEP_RTC_CMP, "by_key", 8, 4, kByKey, NULL, 0, 0},
    {SWEEP_RTC_CMP, "be24", 3, 1, kBe24, NULL, 0, 0},
    {SWEEP_RTC_CMP, "less_u32", 4, 4, kLessU32, NULL, 4, 0},
    {SWEEP_RTC_CMP, "less_u32", 4, 4, kLessU32, NULL, 1, 0},
    {SWEEP_RTC_CMP, "by_key", 8, 4, kByKey, NULL, 16, 0},
    {SWEEP_RTC_CMP, "be24", 3, 1, kBe24, NULL, 8, 0},
    {SWEEP_RTC_CMP, "by_key", 8, 4, kByKey, NULL, 2, 0},
    {SWEEP_RTC_CMP, "less_u32", 4, 4, kLessU32, NULL, 0, 0},
    {SWEEP_RTC_CMP, "less_u32", 4, 4, kLessU32, NULL, 0, 1},
    {SWEEP_RTC_CMP, "be24", 3, 1, kBe24, NULL, 0, 1},
    {SWEEP_RTC_OP, "broken", 4, 4,
     "__device__ unsigned broken(unsigned a, unsigned b) { return sweep_no_such_name(a, b); }\n",
     "sweep_no_such_name", 0, 0},
    {SWEEP_RTC_OP, "too_small", 8, 8,
     "__device__ unsigned too_small(unsigned a, unsigned b) { return a + b; }\n", "size", 0, 0},
};

/* The request for p's program. */
sweep_rtc_request request_of(const Program &p) {
    sweep_rtc_request req;
    req.kind = p.kind;
    req.name = p.name;
    req.source = p.source;
    req.size = p.size;
    req.align = p.align;
    req.value_size = p.value_size;
    req.safe_shapes = p.safe_shapes;
    return req;
}

/* The text of req's program for target (free() it), or NULL after printing the
 * failure. */
char *program_text(const sweep_rtc_request &req, const char *target) {
    char *text = sweep_rtc_program_text(&req);
    if (!text) printf("FAIL %s %s: out of memory\n", target, req.name);
    return text;
}

/* The number of kernels p's program has. */
int kernel_count(const Program &p) {
    return p.kind == SWEEP_RTC_OP ? (int)SWEEP_RTC_OP_KERNELS : (int)SWEEP_RTC_CMP_KERNELS;
}

/* A program with bad source (p.expect_in_log set) must be refused as an invalid
 * argument with the compiler's words in the log: prints the verdict, returns it. */
int refused_as_expected(const Program &p, const char *target, sweep_status st, const char *log) {
    const int ok = st == SWEEP_ERR_INVALID_ARGUMENT && strstr(log, p.expect_in_log) != NULL;
    if (!ok)
        printf("FAIL %s %s: status %d, log lacks '%s':\n%s\n", target, p.name, (int)st,
               p.expect_in_log, log);
    else
        printf("ok   %s %s: refused as expected\n", target, p.name);
    return ok;
}

/* The compiler's version when available(why, len, &version) finds it (printed as
 * "NVRTC 12.4"); otherwise prints why it skips and returns -1. */
int compiler_version(const char *compiler, int (*available)(char *, size_t, int *)) {
    char why[2048];
    int version = 0;
    if (!available(why, sizeof why, &version)) {
        printf("skip: no %s: %s\n", compiler, why);
        return -1;
    }
    printf("%s %d.%d\n", compiler, version / 1000, (version % 1000) / 10);
    return version;
}

#endif /* SWEEP_TESTS_RTC_CHECK_PROGRAMS_H */
