// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IERC20Like {
    function balanceOf(address owner) external view returns (uint256);
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function symbol() external view returns (string memory);
    function totalSupply() external view returns (uint256);
}

interface IWBase {
    function deposit() external payable;
    function withdraw(uint256 amount) external;
    function transfer(address to, uint256 value) external returns (bool);
    function balanceOf(address owner) external view returns (uint256);
}

interface IJMSwapFactory {
    function feeTo() external view returns (address);
    function getPair(address tokenA, address tokenB) external view returns (address);
    function createPair(address tokenA, address tokenB) external returns (address);
    function allPairs(uint256 index) external view returns (address);
    function allPairsLength() external view returns (uint256);
}

interface IJMSwapPair {
    function token0() external view returns (address);
    function token1() external view returns (address);
    function getReserves() external view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast);
    function totalSupply() external view returns (uint256);
    function balanceOf(address owner) external view returns (uint256);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
    function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) external;
    function mint(address to) external returns (uint256 liquidity);
    function burn(address to) external returns (uint256 amount0, uint256 amount1);
    function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes calldata data) external;
    function sync() external;
}

interface IJMSwapCallee {
    function jmswapCall(address sender, uint256 amount0, uint256 amount1, bytes calldata data) external;
}

/// Low-level helpers shared by the routers and the pair.
library JMSwapTransfer {
    function safeTransfer(address token, address to, uint256 value) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0xa9059cbb, to, value));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "JMSwap: TRANSFER_FAILED");
    }

    function safeTransferFrom(address token, address from, address to, uint256 value) internal {
        (bool ok, bytes memory data) = token.call(abi.encodeWithSelector(0x23b872dd, from, to, value));
        require(ok && (data.length == 0 || abi.decode(data, (bool))), "JMSwap: TRANSFER_FROM_FAILED");
    }

    function safeTransferBase(address to, uint256 value) internal {
        (bool ok, ) = to.call{value: value}(new bytes(0));
        require(ok, "JMSwap: BASE_TRANSFER_FAILED");
    }

    /// symbol() of a token, or "?" when it has none.
    function symbolOf(address token) internal view returns (string memory) {
        (bool ok, bytes memory data) = token.staticcall(abi.encodeWithSelector(0x95d89b41));
        if (!ok || data.length < 64) return "?";
        return abi.decode(data, (string));
    }
}
