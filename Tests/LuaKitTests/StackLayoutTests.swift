@testable import LuaKit
import XCTest

/// The stack bound reads Lua's own layout of a thread, checked on each new state. When that
/// check fails (a Lua library built another way), no rule runs: the bound fails closed.
final class StackLayoutTests: XCTestCase {
    func testTheLayoutIsVerifiedOnThisBuild() {
        let lua = LuaState()
        XCTAssertEqual(lua.limits.pointee.stack_check, 1, "the stack bound is on")
    }

    func testAStateWhoseLayoutDidNotVerifyRunsNoRule() throws {
        let lua = LuaState()
        let f = try lua.load("return 1", chunkName: "rules/s.lua")
        lua.limits.pointee.stack_check = 0  // as gh_verify_stack_layout leaves a layout it does not know
        XCTAssertThrowsError(try lua.call(f)) { error in
            XCTAssertTrue(String(describing: error).contains("no rule runs"), "\(error)")
        }
    }
}
