add_library(loom_upgrade STATIC upgrade.cpp)
target_link_libraries(loom_upgrade PUBLIC loom_ir)
