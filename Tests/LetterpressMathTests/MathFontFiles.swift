/// Where Debian's packages (`fonts-texgyre-math`, `fonts-lmodern`, `fonts-dejavu`) put the
/// math fonts that `make deps` installs, for the tests that open them by file.
enum MathFontFiles {
    private static let texGyre = "/usr/share/texmf/fonts/opentype/public/tex-gyre-math/"

    /// DejaVu Math TeX Gyre, as `fonts-dejavu` ships it.
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf"
    /// Latin Modern Math.
    static let latinModern = "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"
    /// TeX Gyre Termes Math (Times).
    static let termes = texGyre + "texgyretermes-math.otf"
    /// TeX Gyre Pagella Math (Palatino).
    static let pagella = texGyre + "texgyrepagella-math.otf"
    /// TeX Gyre Schola Math (Century Schoolbook).
    static let schola = texGyre + "texgyreschola-math.otf"
    /// TeX Gyre Bonum Math (Bookman).
    static let bonum = texGyre + "texgyrebonum-math.otf"
    /// TeX Gyre DejaVu Math, as `fonts-texgyre-math` ships it.
    static let texGyreDejaVu = texGyre + "texgyredejavu-math.otf"

    /// Every file above.
    static let all = [dejaVu, latinModern, termes, pagella, schola, bonum, texGyreDejaVu]
}
