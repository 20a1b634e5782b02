/// Why bytes are not a usable EDID base block (VESA E-EDID 1.3/1.4, as the kernel's
/// `drm_edid_block_valid()` checks one).
public enum EDIDError: Error, Hashable, Sendable {
    /// Fewer than the 128 bytes of a base block.
    case truncated(byteCount: Int)
    /// The first 8 bytes are not `00 FF FF FF FF FF FF 00`.
    case badHeader
    /// The 128 bytes do not sum to 0 modulo 256; `sum` is what they sum to.
    case badChecksum(sum: UInt8)
}
