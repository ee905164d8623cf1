# Writes OUT with the git revision of SRC; leaves it untouched when nothing changed.
execute_process(COMMAND git rev-parse --short=12 HEAD WORKING_DIRECTORY ${SRC}
  OUTPUT_VARIABLE rev OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
# results/ holds what mists produced, not what it is made of: edits there do not make the build dirty.
execute_process(COMMAND git status --porcelain --untracked-files=no -- . ":(exclude)results" WORKING_DIRECTORY ${SRC}
  OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT rev)
  set(rev "unknown")
elseif(dirty)
  set(rev "${rev}-dirty")
endif()
set(text "namespace mists::analysis { const char* revision() { return \"${rev}\"; } }\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUT} "${text}")
endif()
