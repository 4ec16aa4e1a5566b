import FoundationEssentials
import RecipesCore

/// `--format notify`: the plain line as the body of a desktop notification. Most daemons
/// read the body as markup (dunst renders `<b>`, and names come from web pages), so `&`, `<`
/// and `>` are escaped as the freedesktop notification spec asks. Nothing and exit 1 when
/// nothing is planned, for `msg=$(recipes next --format notify) && notify-send …`.
struct NotifyStatus: StatusFormat {
    func render(_ status: StatusLine?) -> String { status.map { WaybarStatus.pango($0.text) } ?? "" }
    func exitStatus(_ status: StatusLine?) -> ExitStatus { status == nil ? .nothingFound : .success }
    var feedsABar: Bool { false }
}
