// report.html: report.md as one self-contained page — the plots embedded as data URIs, every table
// sortable by a click on its header, no network, no server. The Markdown here is the small subset
// report.md uses: headings, paragraphs, block quotes, tables, `code`, **bold** and [links](file).
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/run/files.h"
#include "analysis/study/outputs.h"
#include "engine/config/load.h"
#include "engine/coop/text.h"

namespace mists::analysis {

namespace {

std::string escape(const std::string& s) { return xml_escape(s); }

// `code`, **bold** and [text](link) inside escaped text.
std::string inline_marks(const std::string& text) {
  std::string s = escape(text), out;
  bool code = false, bold = false;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '`') {
      out += code ? "</code>" : "<code>";
      code = !code;
    } else if (!code && s.compare(i, 2, "**") == 0) {
      out += bold ? "</strong>" : "<strong>";
      bold = !bold;
      ++i;
    } else if (!code && s[i] == '[' && s.find("](", i) != std::string::npos && s.find(')', s.find("](", i)) != std::string::npos &&
               s.find(']', i) == s.find("](", i)) {
      // [text](link): a relative link to a file of the study (its text and link are escaped already)
      const size_t mid = s.find("](", i), end = s.find(')', mid);
      out += "<a href=\"" + s.substr(mid + 2, end - mid - 2) + "\">" + s.substr(i + 1, mid - i - 1) + "</a>";
      i = end;
    } else {
      out += s[i];
    }
  }
  if (code) out += "</code>";
  if (bold) out += "</strong>";
  return out;
}

std::vector<std::string> table_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::string cur;
  for (size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '|') {
      cells.push_back(cur);
      cur.clear();
    } else {
      cur += line[i];
    }
  }
  for (auto& c : cells) {
    const auto a = c.find_first_not_of(' '), b = c.find_last_not_of(' ');
    c = a == std::string::npos ? "" : c.substr(a, b - a + 1);
  }
  return cells;
}

std::string base64(const std::string& bytes) {
  static const char* A = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const unsigned v = unsigned(uint8_t(bytes[i])) << 16 | unsigned(uint8_t(bytes[i + 1])) << 8 | uint8_t(bytes[i + 2]);
    for (int k = 18; k >= 0; k -= 6) out += A[(v >> k) & 63];
  }
  if (i < bytes.size()) {
    const unsigned v = unsigned(uint8_t(bytes[i])) << 16 | (i + 1 < bytes.size() ? unsigned(uint8_t(bytes[i + 1])) << 8 : 0);
    out += A[(v >> 18) & 63];
    out += A[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? A[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

// The body of the page from the Markdown, line by line.
std::string body_html(const std::string& markdown) {
  std::istringstream in(markdown);
  std::ostringstream html;
  std::string line;
  bool in_table = false, head_done = false;
  auto close_table = [&] {
    if (in_table) html << "</tbody></table></div>\n";
    in_table = false;
  };
  while (std::getline(in, line)) {
    if (line.rfind("|", 0) == 0) {
      const auto cells = table_cells(line);
      if (!in_table) {
        html << "<div class=\"table-wrap\"><table class=\"sortable\"><thead><tr>";
        for (const auto& c : cells) html << "<th title=\"sort\">" << inline_marks(c) << "</th>";
        html << "</tr></thead><tbody>\n";
        in_table = true;
        head_done = false;
      } else if (!head_done && line.find("---") != std::string::npos) {
        head_done = true;
      } else {
        html << "<tr>";
        for (const auto& c : cells) html << "<td>" << inline_marks(c) << "</td>";
        html << "</tr>\n";
      }
      continue;
    }
    close_table();
    if (line.empty()) continue;
    if (line.rfind("### ", 0) == 0) html << "<h3>" << inline_marks(line.substr(4)) << "</h3>\n";
    else if (line.rfind("## ", 0) == 0) html << "<h2>" << inline_marks(line.substr(3)) << "</h2>\n";
    else if (line.rfind("# ", 0) == 0) html << "<h1>" << inline_marks(line.substr(2)) << "</h1>\n";
    else if (line.rfind("> ", 0) == 0) html << "<blockquote>" << inline_marks(line.substr(2)) << "</blockquote>\n";
    else html << "<p>" << inline_marks(line) << "</p>\n";
  }
  close_table();
  return html.str();
}

// Wide tables scroll sideways in their own box instead of overflowing the page or squeezing their
// cells: data cells never wrap ("27.5% [16.1, 42.8]" stays on one line), headers may (agent texts
// after their commas, see SCRIPT). Figures scale down to the page width.
const char* STYLE = R"(body{font-family:sans-serif;max-width:80em;margin:1em auto;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.7em}h2{font-size:1.3em;margin-top:1.6em;border-bottom:1px solid #ddd;padding-bottom:.15em}
.table-wrap{overflow-x:auto;margin:1em 0;max-width:100%}
table{border-collapse:collapse;font-size:90%;font-variant-numeric:tabular-nums}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left}
td{white-space:nowrap}td.num,th.num{text-align:right}
th{background:#eee;cursor:pointer;user-select:none;vertical-align:bottom;min-width:3em}th:hover,th:focus{background:#dde6f0;outline:none}
th.asc::after{content:" \25B2"}th.desc::after{content:" \25BC"}
tr:nth-child(even) td{background:#fafafa}tbody tr:hover td{background:#f0f5fa}
blockquote{border-left:4px solid #c90;margin:1em 0;padding:.5em 1em;background:#fff8e8}
figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #ddd}figcaption{color:#666;font-size:85%}
code{background:#f3f3f3;padding:0 .2em;overflow-wrap:anywhere})";

// Click a header (or Enter on it) to sort by that column (numbers by value, text by text); click again
// to reverse. Columns whose every cell starts with a number (or is a dash) are right-aligned. A header
// may break after the commas and colons of an agent text (a <wbr>: its text is unchanged).
const char* SCRIPT = R"(function wbr(c){if(/[,:][^\s]/.test(c.textContent))c.innerHTML=c.innerHTML.replace(/([,:])(?=[^\s<])/g,'$1<wbr>');}
function key(t){var m=t.replace(/[^0-9.+-]/g,' ').trim().split(' ')[0];var v=parseFloat(m);return isNaN(v)?t:v;}
document.querySelectorAll('table.sortable').forEach(function(tb){var heads=tb.querySelectorAll('th');heads.forEach(function(th,i){
var rows0=Array.from(tb.tBodies[0].rows),cell=function(r){return r.cells[i]?r.cells[i].textContent.trim():'';};
if(rows0.some(function(r){return /^[-+\u00d7]?[0-9]/.test(cell(r));})&&rows0.every(function(r){return /^([-+\u00d7]?[0-9]|\u2014$)/.test(cell(r));})){
th.classList.add('num');rows0.forEach(function(r){r.cells[i].classList.add('num');});}wbr(th);
th.tabIndex=0;th.setAttribute('aria-sort','none');
function sort(){var body=tb.tBodies[0];var rows=Array.from(body.rows);var asc=!th.classList.contains('asc');
heads.forEach(function(h){h.classList.remove('asc','desc');h.setAttribute('aria-sort','none');});
th.classList.add(asc?'asc':'desc');th.setAttribute('aria-sort',asc?'ascending':'descending');
rows.sort(function(a,b){var x=key(a.cells[i].textContent),y=key(b.cells[i].textContent);
var c=(typeof x===typeof y)?(x<y?-1:x>y?1:0):(typeof x==='number'?-1:1);return asc?c:-c;});
rows.forEach(function(r){body.appendChild(r);});}
th.addEventListener('click',sort);th.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){e.preventDefault();sort();}});});});)";

}  // namespace

std::string nested_markdown(const std::string& markdown) {
  std::istringstream in(markdown);
  std::string out, line;
  while (std::getline(in, line)) out += (line.rfind("#", 0) == 0 ? "#" : "") + line + "\n";
  return out;
}

void write_report_html(const std::string& markdown, const std::string& dir) {
  std::ostringstream html;
  const std::string title = markdown.rfind("# ", 0) == 0 ? markdown.substr(2, markdown.find('\n') - 2) : "mists report";
  html << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" << escape(title) << "</title><style>" << STYLE
       << "</style></head><body>\n" << body_html(markdown) << "<h2>Plots</h2>\n";
  int plots = 0;
  for (const char* name : {"win_rate_heatmap", "ghost_budget", "loss_causes", "luck", "search_budget", "trajectories"}) {
    const std::string png = dir + "/" + name + ".png";
    if (!std::filesystem::exists(png)) continue;
    html << "<figure id=\"" << name << "\"><img alt=\"" << name << "\" src=\"data:image/png;base64," << base64(read_file(png))
         << "\"><figcaption>" << name << ".png</figcaption></figure>\n";
    ++plots;
  }
  if (!plots) html << "<p>No plots were drawn for this study (see plots.log).</p>\n";
  html << "<script>" << SCRIPT << "</script>\n</body></html>\n";
  write_atomic(dir + "/report.html", html.str());
}

}  // namespace mists::analysis
