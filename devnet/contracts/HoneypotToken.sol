// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A token anyone can buy and only its owner can sell: transfers to an address the owner marked
/// as a pair revert unless the owner sends them. The devnet and the e2e tests use it to show
/// that the token picker flags a sale that fails in simulation.
contract HoneypotToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    address public owner;
    uint256 public totalSupply;

    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;
    mapping(address => bool) public isPair;

    event Approval(address indexed owner, address indexed spender, uint256 value);
    event Transfer(address indexed from, address indexed to, uint256 value);

    constructor(string memory _name, string memory _symbol, uint8 _decimals) {
        name = _name;
        symbol = _symbol;
        decimals = _decimals;
        owner = msg.sender;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == owner, "HoneypotToken: FORBIDDEN");
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function setPair(address pair, bool blocked) external {
        require(msg.sender == owner, "HoneypotToken: FORBIDDEN");
        isPair[pair] = blocked;
    }

    function approve(address spender, uint256 value) external returns (bool) {
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
        return true;
    }

    function transfer(address to, uint256 value) external returns (bool) {
        _transfer(msg.sender, to, value);
        return true;
    }

    function transferFrom(address from, address to, uint256 value) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "HoneypotToken: INSUFFICIENT_ALLOWANCE");
            allowance[from][msg.sender] = allowed - value;
        }
        _transfer(from, to, value);
        return true;
    }

    function _transfer(address from, address to, uint256 value) private {
        require(!isPair[to] || from == owner, "HoneypotToken: SELL_BLOCKED");
        require(balanceOf[from] >= value, "HoneypotToken: INSUFFICIENT_BALANCE");
        unchecked {
            balanceOf[from] -= value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
