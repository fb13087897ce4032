package android.content

// Only as far as androidx.credentials' signatures name it (the branding component of a
// GetCredentialRequest, the providers a GetPublicKeyCredentialOption allows).

/** Stands for `android.content.ComponentName`: a component by its package and class name. */
class ComponentName(
    /** The package that holds the component. */
    val packageName: String,
    /** The component's class name. */
    val className: String
) {
    override fun equals(other: Any?): Boolean =
        other is ComponentName && other.packageName == packageName && other.className == className

    override fun hashCode(): Int = packageName.hashCode() * 31 + className.hashCode()

    /** As Android writes it: `ComponentInfo{package/class}`. */
    override fun toString(): String = "ComponentInfo{$packageName/$className}"
}
