# What `cmake --install build [--prefix P]` puts where an AD tool finds it: the libraries
# (adrace::analysis, adrace::smt, adrace::runtime), their headers, and a CMake package, so that
#   find_package(adrace) + target_link_libraries(tool adrace::analysis)
# works outside this tree. The adrace command installs itself (tools/adrace).
include(CMakePackageConfigHelpers)

set(ADRACE_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/adrace)

# Exported as adrace::smt, adrace::analysis, adrace::runtime: the names used inside this tree.
set_target_properties(adrace_smt PROPERTIES EXPORT_NAME smt)
set_target_properties(adrace_analysis PROPERTIES EXPORT_NAME analysis)
if(TARGET adrace_runtime)
  set_target_properties(adrace_runtime PROPERTIES EXPORT_NAME runtime)
endif()

install(TARGETS adrace_smt adrace_analysis EXPORT adraceTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Headers keep their in-tree spelling: "smt/IndexExpr.h" and "analyzer/LoopModel.h" resolve under
# include/adrace, the public <adrace/Analysis.h> and <adrace/Protocol.h> under include.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/smt/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/adrace/smt
  FILES_MATCHING PATTERN "*.h")
install(DIRECTORY ${PROJECT_SOURCE_DIR}/analyzer/
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/adrace/analyzer
  FILES_MATCHING PATTERN "*.h" PATTERN "include" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/analyzer/include/adrace
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

install(EXPORT adraceTargets NAMESPACE adrace:: DESTINATION ${ADRACE_PACKAGE_DIR})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/adraceConfig.cmake.in
  ${PROJECT_BINARY_DIR}/adraceConfig.cmake
  INSTALL_DESTINATION ${ADRACE_PACKAGE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/adraceConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/adraceConfig.cmake ${PROJECT_BINARY_DIR}/adraceConfigVersion.cmake
  DESTINATION ${ADRACE_PACKAGE_DIR})
