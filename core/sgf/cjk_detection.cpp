#include "core/sgf/cjk_detection.hpp"

#include <iconv.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <vector>

#include "core/sgf/utf8.hpp"

namespace josekic::sgf {

namespace {

// The characters whose presence says a text is in a language: the most frequent ones of
// everyday text, and those of Go records (family names, ranks, "win", "black", "white").
constexpr std::string_view kKorean =
    "이의다는에가을고하지서기한로자도사어리대수정전나시인상일국아"
    "그들를해게주라만여과요원부보거제것성신김박최조윤장강임오송홍"
    "유권황안흑백승단급집반불계세돌환바둑명창호훈현혁봉진";
// Japanese text is told by its kana; these kanji (names of players and titles, Japanese
// forms such as 囲) count too, for the files that hold only names.
constexpr std::string_view kJapaneseKanji =
    "囲碁段勝負局名人本因坊棋聖王座天元十井山下裕太敬吾田中村小林"
    "高橋佐藤鈴木伊渡辺加吉上松清水石川坂趙治勲武宮正樹大竹英雄光"
    "一依紀基張栩羽根直谷口河野臨尾紳路黒白目半押";
constexpr std::string_view kSimplifiedChinese =
    "的一是不了在人有我他这中大来上国个到说们为子和你地出道也时年"
    "得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然"
    "没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头"
    "面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二"
    "理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最"
    "间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信"
    "北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比"
    "住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提"
    "感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物"
    "台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让"
    "认算论百吃义科怎元社术结六功指思非流每青管夫连远资队跟带花快"
    "条院变联言权往展该领传近留红治决周保达办运武半候七必城父强步"
    "完革深区即求品士转量空甚众技轻程告江语英基派满式李息写呢识极"
    "令黄德收脸钱党倒未持取设始版双历越史商千片容研像找友孩站广改"
    "议形委早房音火际则首单据导影失拿网香似斯专石若兵弟谁校读志飞"
    "观争究包组造落视济喜离虽坏兴胜段局棋黑负赵陈刘杨吴徐孙胡朱郭"
    "罗梁宋郑谢韩唐冯董萧曹袁邓傅沈曾彭吕苏卢蒋蔡贾丁魏薛叶阎余潘"
    "杜戴夏钟汪田姜范姚谭廖邹熊陆郝孔崔康邱秦顾侯邵孟龙雷汤尹黎易"
    "乔贺赖龚聂卫晓春古昊柯洁";
constexpr std::string_view kTraditionalChinese =
    "的一是不了在人有我他這中大來上國個到說們為子和你地出道也時年"
    "得就那要下以生會自著去之過家學對可她裡後小麼心多天而能好都然"
    "沒日於起還發成事只作當想看文無開手十用主行方又如前所本見經頭"
    "面公同三已老從動兩長知民樣現分將外但身些與高意進把法此實回二"
    "理美點月明其種聲全工己話兒者向情部正名定女問力機給等幾很業最"
    "間新什打便位因重被走電四第門相次東政海口使教西再平真聽世氣信"
    "北少關並內加化由卻代軍產入先山五太水萬市眼體別處總才場師書比"
    "住員九笑性通目華報立馬命張活難神數件安表原車白應路期叫死常提"
    "感金何更反合放做系計或司利受光王果親界及今京務制解各任至清物"
    "台象記邊共風戰乾接它許八特覺望直服毛林題建南度統色字請交愛讓"
    "認算論百吃義科怎元社術結六功指思非流每青管夫連遠資隊跟帶花快"
    "條院變聯言權往展該領傳近留紅治決周保達辦運武半候七必城父強步"
    "完革深區即求品士轉量空甚眾技輕程告江語英基派滿式李息寫呢識極"
    "令黃德收臉錢黨倒未持取設始版雙歷越史商千片容研像找友孩站廣改"
    "議形委早房音火際則首單據導影失拿網香似斯專石若兵弟誰校讀志飛"
    "觀爭究包組造落視濟喜離雖壞興勝段局棋黑負趙陳劉楊吳徐孫胡朱郭"
    "羅梁宋鄭謝韓唐馮董蕭曹袁鄧傅沈曾彭呂蘇盧蔣蔡賈丁魏薛葉閻余潘"
    "杜戴夏鐘汪田姜范姚譚廖鄒熊陸郝孔崔康邱秦顧侯邵孟龍雷湯尹黎易"
    "喬賀賴龔";

std::vector<char32_t> sorted_set(std::string_view utf8) {
    std::vector<char32_t> set = code_points(utf8);
    std::sort(set.begin(), set.end());
    return set;
}

// How `bytes` read in `charset`: the text as UTF-8 and the number of undecodable bytes.
struct Decoded {
    std::string text;
    std::size_t undecodable = 0;
};

// One converter per charset and thread, opened on first use and kept: opening one costs
// far more than decoding a file's names.
class Converter {
  public:
    explicit Converter(const char* charset) : cd_(iconv_open("UTF-8", charset)) {}
    ~Converter() {
        if (is_open()) iconv_close(cd_);
    }
    Converter(const Converter&) = delete;
    Converter& operator=(const Converter&) = delete;
    bool is_open() const { return cd_ != reinterpret_cast<iconv_t>(-1); }
    iconv_t get() const { return cd_; }

  private:
    iconv_t cd_;
};

Decoded decode(std::string_view bytes, const Converter& converter) {
    Decoded result;
    if (!converter.is_open()) {
        result.undecodable = bytes.size();
        return result;
    }
    const iconv_t cd = converter.get();
    iconv(cd, nullptr, nullptr, nullptr, nullptr);  // a fresh state for every file
    result.text.resize(bytes.size() * 3 + 16);
    char* in = const_cast<char*>(bytes.data());  // iconv's signature; it does not write
    std::size_t in_left = bytes.size();
    char* out = result.text.data();
    std::size_t out_left = result.text.size();
    while (in_left > 0) {
        if (iconv(cd, &in, &in_left, &out, &out_left) != static_cast<std::size_t>(-1)) break;
        if (errno != EILSEQ) break;  // EINVAL: a character cut by the end of the probe
        ++result.undecodable;
        ++in;
        --in_left;
    }
    result.text.resize(result.text.size() - out_left);
    return result;
}

bool is_kana(char32_t c) {
    return c >= 0x3041 && c <= 0x30FF;
}

struct Candidate {
    const char* charset;
    std::string_view evidence;  // for CP932, kana are evidence too
};

// Characters that are evidence for the charset, less three for each undecodable byte.
long score(std::string_view bytes, const Candidate& candidate,
           const std::vector<char32_t>& evidence, const Converter& converter) {
    const Decoded decoded = decode(bytes, converter);
    long points = 0;
    for (char32_t c : code_points(decoded.text)) {
        if (c < 0x80) continue;
        const bool found = (candidate.evidence == kJapaneseKanji && is_kana(c)) ||
                           std::binary_search(evidence.begin(), evidence.end(), c);
        if (found) ++points;
    }
    return points - 3 * static_cast<long>(decoded.undecodable);
}

// Whether every non-ASCII byte of `bytes` is a Latin-1 letter standing alone beside an ASCII
// letter (could_be_latin1()); false when there is none.
bool latin1_shaped(std::string_view bytes) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    const std::size_t n = bytes.size();
    const auto ascii_letter = [&](std::size_t i) {
        return i < n && (p[i] | 0x20U) >= 'a' && (p[i] | 0x20U) <= 'z';
    };
    bool any = false;
    for (std::size_t i = 0; i < n; ++i) {
        if (p[i] < 0x80) continue;
        const bool letter = p[i] >= 0xC0 && p[i] != 0xD7 && p[i] != 0xF7;
        const bool alone = (i == 0 || p[i - 1] < 0x80) && (i + 1 == n || p[i + 1] < 0x80);
        if (!letter || !alone || !((i > 0 && ascii_letter(i - 1)) || ascii_letter(i + 1)))
            return false;
        any = true;
    }
    return any;
}

}  // namespace

namespace {

// The four CJK charsets and the evidence each reads in `bytes` (their first kCjkProbeBytes):
// GB18030 first.
std::array<long, 4> cjk_scores(std::string_view bytes, std::array<const char*, 4>* names) {
    static const std::array<Candidate, 4> candidates = {
        Candidate{"GB18030", kSimplifiedChinese}, Candidate{"CP932", kJapaneseKanji},
        Candidate{"CP949", kKorean}, Candidate{"BIG5", kTraditionalChinese}};
    static const std::array<std::vector<char32_t>, 4> evidence = {
        sorted_set(candidates[0].evidence), sorted_set(candidates[1].evidence),
        sorted_set(candidates[2].evidence), sorted_set(candidates[3].evidence)};
    thread_local const std::array<Converter, 4> converters = {
        Converter(candidates[0].charset), Converter(candidates[1].charset),
        Converter(candidates[2].charset), Converter(candidates[3].charset)};
    bytes = bytes.substr(0, std::min(bytes.size(), kCjkProbeBytes));
    std::array<long, 4> scores{};
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        scores[i] = score(bytes, candidates[i], evidence[i], converters[i]);
        if (names != nullptr) (*names)[i] = candidates[i].charset;
    }
    return scores;
}

}  // namespace

std::string guess_cjk_charset(std::string_view bytes) {
    std::array<const char*, 4> names{};
    const std::array<long, 4> scores = cjk_scores(bytes, &names);
    // Another charset must read at least this many more pieces of evidence than GB18030.
    constexpr long kMargin = 2;
    std::size_t best = 0;
    long best_score = scores[0] + kMargin - 1;
    for (std::size_t i = 1; i < scores.size(); ++i) {
        if (scores[i] > best_score) {
            best = i;
            best_score = scores[i];
        }
    }
    return names[best];
}

bool could_be_latin1(std::string_view bytes) {
    bytes = bytes.substr(0, std::min(bytes.size(), kCjkProbeBytes));
    if (!latin1_shaped(bytes)) return false;
    const std::array<long, 4> scores = cjk_scores(bytes, nullptr);
    return std::ranges::all_of(scores, [](long s) { return s <= 0; });
}

}  // namespace josekic::sgf
