internal import CDRM

extension DRMModeInfo {
    /// The Swift copy of libdrm's `drmModeModeInfo`, as `drmModeGetConnector()` lists them.
    init(_ mode: drmModeModeInfo) {
        let name = withUnsafeBytes(of: mode.name) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        self.init(
            clock: mode.clock,
            hdisplay: mode.hdisplay, hsyncStart: mode.hsync_start, hsyncEnd: mode.hsync_end,
            htotal: mode.htotal, hskew: mode.hskew,
            vdisplay: mode.vdisplay, vsyncStart: mode.vsync_start, vsyncEnd: mode.vsync_end,
            vtotal: mode.vtotal, vscan: mode.vscan,
            vrefresh: mode.vrefresh, flags: mode.flags, type: mode.type, name: name)
    }

    /// libdrm's `drmModeModeInfo` for this mode, as an atomic `MODE_ID` blob or
    /// `drmModeSetCrtc()` wants it. The name is cut to the 31 bytes `DRM_DISPLAY_MODE_LEN` leaves.
    var cValue: drmModeModeInfo {
        var mode = drmModeModeInfo()
        mode.clock = clock
        mode.hdisplay = hdisplay
        mode.hsync_start = hsyncStart
        mode.hsync_end = hsyncEnd
        mode.htotal = htotal
        mode.hskew = hskew
        mode.vdisplay = vdisplay
        mode.vsync_start = vsyncStart
        mode.vsync_end = vsyncEnd
        mode.vtotal = vtotal
        mode.vscan = vscan
        mode.vrefresh = vrefresh
        mode.flags = flags
        mode.type = type
        withUnsafeMutableBytes(of: &mode.name) { raw in
            let bytes = Array(name.utf8.prefix(raw.count - 1))
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return mode
    }
}
