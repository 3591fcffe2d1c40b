/// A value an option's text names, such as a page size or a shard.
protocol ArgumentValue {
    /// Reads `text`, or throws the usage error (a `ValidationError`) that says what is wrong
    /// with it.
    init(argumentText text: String) throws
}
