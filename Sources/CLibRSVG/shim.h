#ifndef SCENEC_CLIBRSVG_SHIM_H
#define SCENEC_CLIBRSVG_SHIM_H
/* librsvg (with GLib and GIO) and cairo (its image and PDF surfaces), for the PNG backend. Only Sources/PNGBackend/Rasterizer.swift
   and the PNG test helper import this module. */
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
#endif
