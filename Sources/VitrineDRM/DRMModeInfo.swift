import VitrinePlatform

/// A DRM video mode's timing, field for field as libdrm's `drmModeModeInfo` (the kernel's
/// `struct drm_mode_modeinfo`) carries it, in Swift types so no C type leaves this module.
///
/// `displayMode` turns it into the platform's `DisplayMode` with the refresh rate worked out as
/// the kernel's `drm_mode_vrefresh()` does, but kept in millihertz.
public struct DRMModeInfo: Hashable, Sendable {
    /// `DRM_MODE_FLAG_INTERLACE`: two fields per frame, doubling the rate the timing gives.
    public static let flagInterlace: UInt32 = 1 << 4
    /// `DRM_MODE_FLAG_DBLSCAN`: every line is scanned twice, halving the rate.
    public static let flagDoubleScan: UInt32 = 1 << 5
    /// `DRM_MODE_TYPE_PREFERRED`: the display's native mode.
    public static let typePreferred: UInt32 = 1 << 3
    /// `DRM_MODE_TYPE_DRIVER`: a mode the driver (or the EDID) supplied.
    public static let typeDriver: UInt32 = 1 << 6
    /// `DRM_MODE_TYPE_USERDEF`: a mode set from the kernel command line.
    public static let typeUserDefined: UInt32 = 1 << 5

    /// Pixel clock in kHz (`clock`).
    public var clock: UInt32
    /// Visible width in pixels (`hdisplay`).
    public var hdisplay: UInt16
    /// Start of horizontal sync (`hsync_start`).
    public var hsyncStart: UInt16
    /// End of horizontal sync (`hsync_end`).
    public var hsyncEnd: UInt16
    /// Pixels per line, blanking included (`htotal`).
    public var htotal: UInt16
    /// Horizontal skew (`hskew`).
    public var hskew: UInt16
    /// Visible height in lines (`vdisplay`).
    public var vdisplay: UInt16
    /// Start of vertical sync (`vsync_start`).
    public var vsyncStart: UInt16
    /// End of vertical sync (`vsync_end`).
    public var vsyncEnd: UInt16
    /// Lines per frame, blanking included (`vtotal`).
    public var vtotal: UInt16
    /// Times each line is scanned (`vscan`); 0 and 1 both mean once.
    public var vscan: UInt16
    /// The driver's rounded refresh rate in Hz (`vrefresh`); `displayMode` does not trust it.
    public var vrefresh: UInt32
    /// `DRM_MODE_FLAG_*` bits (`flags`).
    public var flags: UInt32
    /// `DRM_MODE_TYPE_*` bits (`type`).
    public var type: UInt32
    /// The mode's name as the driver gives it, such as "1920x1080" (`name`).
    public var name: String

    /// A mode with the given timing; the sync positions default to the visible size.
    public init(
        clock: UInt32,
        hdisplay: UInt16, hsyncStart: UInt16? = nil, hsyncEnd: UInt16? = nil, htotal: UInt16, hskew: UInt16 = 0,
        vdisplay: UInt16, vsyncStart: UInt16? = nil, vsyncEnd: UInt16? = nil, vtotal: UInt16, vscan: UInt16 = 0,
        vrefresh: UInt32 = 0, flags: UInt32 = 0, type: UInt32 = 0, name: String? = nil
    ) {
        self.clock = clock
        self.hdisplay = hdisplay
        self.hsyncStart = hsyncStart ?? hdisplay
        self.hsyncEnd = hsyncEnd ?? hdisplay
        self.htotal = htotal
        self.hskew = hskew
        self.vdisplay = vdisplay
        self.vsyncStart = vsyncStart ?? vdisplay
        self.vsyncEnd = vsyncEnd ?? vdisplay
        self.vtotal = vtotal
        self.vscan = vscan
        self.vrefresh = vrefresh
        self.flags = flags
        self.type = type
        self.name = name ?? "\(hdisplay)x\(vdisplay)"
    }

    /// Whether `DRM_MODE_FLAG_INTERLACE` is set.
    public var isInterlaced: Bool { flags & Self.flagInterlace != 0 }
    /// Whether `DRM_MODE_FLAG_DBLSCAN` is set.
    public var isDoubleScan: Bool { flags & Self.flagDoubleScan != 0 }
    /// Whether `DRM_MODE_TYPE_PREFERRED` is set: the mode `UIScreen.preferredMode` reports.
    public var isPreferred: Bool { type & Self.typePreferred != 0 }

    /// The refresh rate in millihertz, computed as the kernel's `drm_mode_vrefresh()` does
    /// (`clock * 1000 / (htotal * vtotal)`, doubled when interlaced, halved for double scan,
    /// divided by `vscan` when above 1, rounded to the closest) but three digits finer.
    /// `nil` when `htotal`, `vtotal` or `clock` is 0, where the kernel reports 0.
    public var refreshMillihertz: Int? {
        guard htotal > 0, vtotal > 0, clock > 0 else { return nil }
        var numerator = UInt64(clock) * 1_000_000
        var denominator = UInt64(htotal) * UInt64(vtotal)
        if isInterlaced { numerator *= 2 }
        if isDoubleScan { denominator *= 2 }
        if vscan > 1 { denominator *= UInt64(vscan) }
        return Int((numerator + denominator / 2) / denominator)
    }

    /// The platform mode: visible size, refresh in millihertz and the preferred flag.
    /// `nil` for a mode with no size or no computable refresh rate, which `DisplayMode` cannot hold.
    public var displayMode: DisplayMode? {
        guard hdisplay > 0, vdisplay > 0, let refresh = refreshMillihertz, refresh > 0 else { return nil }
        return DisplayMode(
            width: Int(hdisplay), height: Int(vdisplay), refreshMillihertz: refresh, isPreferred: isPreferred)
    }
}
