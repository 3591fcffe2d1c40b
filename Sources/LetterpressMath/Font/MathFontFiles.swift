/// Where Debian's packages (`fonts-texgyre-math`, `fonts-lmodern`, `fonts-dejavu`) put the
/// math fonts that `make deps` installs; the tests and the themes name them from here.
package enum MathFontFiles {
    private static let texGyre = "/usr/share/texmf/fonts/opentype/public/tex-gyre-math/"

    /// DejaVu Math TeX Gyre, as `fonts-dejavu` ships it.
    package static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuMathTeXGyre.ttf"
    /// Latin Modern Math.
    package static let latinModern = "/usr/share/texmf/fonts/opentype/public/lm-math/latinmodern-math.otf"
    /// TeX Gyre Termes Math (Times).
    package static let termes = texGyre + "texgyretermes-math.otf"
    /// TeX Gyre Pagella Math (Palatino).
    package static let pagella = texGyre + "texgyrepagella-math.otf"
    /// TeX Gyre Schola Math (Century Schoolbook).
    package static let schola = texGyre + "texgyreschola-math.otf"
    /// TeX Gyre Bonum Math (Bookman).
    package static let bonum = texGyre + "texgyrebonum-math.otf"
    /// TeX Gyre DejaVu Math, as `fonts-texgyre-math` ships it.
    package static let texGyreDejaVu = texGyre + "texgyredejavu-math.otf"

    /// Every file above.
    package static let all = [dejaVu, latinModern, termes, pagella, schola, bonum, texGyreDejaVu]
}
