/*
 * rtc_image.cpp -- freeing a compiled program's image, whichever compiler made it
 * or the disk cache read it: shared by both GPU plugins and the compile checks.
 */
#include "gpu/rtc/rtc_internal.h"

#include <stdlib.h>
#include <string.h>

void sweep_rtc_image_free(sweep_rtc_image *img) {
    free(img->data);
    for (int i = 0; i < img->nkernels; ++i)
        free(img->lowered[i]);
    memset(img, 0, sizeof *img);
}
