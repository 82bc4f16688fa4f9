# sweep_target_warnings(<target>): the project's warning set; errors with SWEEP_WERROR.
function(sweep_target_warnings target)
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:C,CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wformat=2>
    $<$<AND:$<COMPILE_LANGUAGE:C,CXX>,$<BOOL:${SWEEP_WERROR}>>:-Werror>)
endfunction()
