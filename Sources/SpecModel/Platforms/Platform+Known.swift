extension Platform {
    /// Every platform the tool knows, in the order the site and the commands show them.
    public static let known: [Platform] = [.ios, .android, .web]
}
