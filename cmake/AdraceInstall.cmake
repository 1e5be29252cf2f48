# What `cmake --install build [--prefix P]` puts where an AD tool finds it: the libraries
# (adrace::analysis and the libraries it is made of, adrace::smt, adrace::runtime), their headers,
# and a CMake package, so that
#   find_package(adrace) + target_link_libraries(tool adrace::analysis)   (or adrace::protocol alone)
# works outside this tree. The adrace command installs itself (tools/adrace).
include(CMakePackageConfigHelpers)

set(ADRACE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/adrace)

# Exported as adrace::smt, adrace::model, ..., adrace::runtime: the names used inside this tree.
# Two export sets: the libraries that need no Clang (adraceProtocolTargets, with the runtime), which
# find_package(adrace COMPONENTS protocol) loads alone, and those that do (adraceTargets).
set(adrace_clang_free_libraries adrace_smt adrace_model adrace_verdicts adrace_protocol)
set(adrace_clang_libraries adrace_frontend adrace_check adrace_analysis)
set(adrace_installed_libraries ${adrace_clang_free_libraries} ${adrace_clang_libraries})
foreach(library IN LISTS adrace_installed_libraries)
  string(REPLACE "adrace_" "" export_name ${library})
  set_target_properties(${library} PROPERTIES EXPORT_NAME ${export_name})
endforeach()
if(TARGET adrace_runtime)
  set_target_properties(adrace_runtime PROPERTIES EXPORT_NAME runtime)
endif()

install(TARGETS ${adrace_clang_free_libraries} EXPORT adraceProtocolTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(TARGETS ${adrace_clang_libraries} EXPORT adraceTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Headers keep their in-tree spelling: "smt/IndexExpr.h" and "analyzer/model/LoopModel.h" resolve under
# include/adrace, the public <adrace/Analysis.h> and <adrace/Protocol.h> under include.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/smt/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/adrace/smt
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/analyzer/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/adrace/analyzer
  FILES_MATCHING PATTERN "*.h" PATTERN "include" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/analyzer/include/adrace
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT adraceProtocolTargets NAMESPACE adrace:: DESTINATION ${ADRACE_PACKAGE_DIR})
install(EXPORT adraceTargets NAMESPACE adrace:: DESTINATION ${ADRACE_PACKAGE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/adraceConfig.cmake.in
  ${PROJECT_BINARY_DIR}/adraceConfig.cmake
  INSTALL_DESTINATION ${ADRACE_PACKAGE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/adraceConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/adraceConfig.cmake ${PROJECT_BINARY_DIR}/adraceConfigVersion.cmake
  DESTINATION ${ADRACE_PACKAGE_DIR})
