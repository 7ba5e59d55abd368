#ifndef SCENEC_CLIBRSVG_SHIM_H
#define SCENEC_CLIBRSVG_SHIM_H
/* librsvg (with GLib and GIO) and cairo, for the PNG backend. Only Sources/PNGBackend/Rasterizer.swift
   and the PNG test helper import this module. */
#include <librsvg/rsvg.h>
#include <cairo.h>
#endif
