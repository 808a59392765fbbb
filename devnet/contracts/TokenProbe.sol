// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./Interfaces.sol";

interface IProbeRouter {
    function swapExactBaseForTokens(uint256 amountOutMin, address[] calldata path, bytes32[] calldata taxes, address to, uint256 deadline)
        external
        payable
        returns (uint256[] memory amounts);

    function swapExactTokensForBase(
        uint256 amountIn,
        uint256 amountOutMin,
        address[] calldata path,
        bytes32[] calldata taxes,
        address to,
        uint256 deadline
    ) external returns (uint256[] memory amounts);
}

interface IProbeToken {
    function balanceOf(address owner) external view returns (uint256);
    function approve(address spender, uint256 value) external returns (bool);
}

/// Never deployed: its creation code is run by a read-only call (eth_call without `to`, TRON's
/// triggerconstantcontract without a contract address), so nothing is stored or sent. With the
/// base coin sent along, it buys `path`'s last token through the router, then sells what arrived
/// back, and returns what each step moved, measured on the token's own balances:
/// abi.encode(bool bought, uint256 buySent, uint256 buyReceived, bool sold, uint256 sellArrived,
/// bytes reason). buySent: what the last pair sent; buyReceived: what arrived here; sellArrived:
/// what reached the pair of the sale, out of buyReceived; reason: the revert data of the step
/// that failed.
contract TokenProbe {
    struct Reading {
        bool bought;
        uint256 buySent;
        uint256 buyReceived;
        bool sold;
        uint256 sellArrived;
        bytes reason;
    }

    constructor(address router, address factory, address[] memory path) payable {
        uint256 n = path.length;
        address token = path[n - 1];
        address pair = IJMSwapFactory(factory).getPair(path[n - 2], token);
        Reading memory r;
        _buy(r, router, path, token, pair);
        if (r.bought && r.buyReceived > 0) _sell(r, router, path, token, pair);
        bytes memory out = abi.encode(r.bought, r.buySent, r.buyReceived, r.sold, r.sellArrived, r.reason);
        assembly {
            return(add(out, 32), mload(out))
        }
    }

    function _buy(Reading memory r, address router, address[] memory path, address token, address pair) private {
        uint256 pairBefore = IProbeToken(token).balanceOf(pair);
        try IProbeRouter(router).swapExactBaseForTokens{value: msg.value}(0, path, new bytes32[](0), address(this), block.timestamp) {
            r.bought = true;
            r.buySent = pairBefore - IProbeToken(token).balanceOf(pair);
            r.buyReceived = IProbeToken(token).balanceOf(address(this));
        } catch (bytes memory why) {
            r.reason = why;
        }
    }

    function _sell(Reading memory r, address router, address[] memory path, address token, address pair) private {
        uint256 n = path.length;
        address[] memory back = new address[](n);
        for (uint256 i; i < n; i++) back[i] = path[n - 1 - i];
        uint256 before = IProbeToken(token).balanceOf(pair);
        try IProbeToken(token).approve(router, r.buyReceived) {
            try IProbeRouter(router).swapExactTokensForBase(r.buyReceived, 0, back, new bytes32[](0), address(this), block.timestamp) {
                r.sold = true;
                r.sellArrived = IProbeToken(token).balanceOf(pair) - before;
            } catch (bytes memory why) {
                r.reason = why;
            }
        } catch (bytes memory why) {
            r.reason = why;
        }
    }
}
